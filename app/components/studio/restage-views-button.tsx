import { useFetcher } from '@remix-run/react'
import { Copy, LoaderCircle } from 'lucide-react'
import { useEffect } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { VariationView } from '#core/studio/views.ts'
import { PlainFormReturn } from './plain-form.tsx'
import { intentAction } from './workflow-steps.ts'

/**
 * Offered under an image of a room's first view that its other views do not match yet (a remodel,
 * most often): each view gets one more variation staged to match it. Posted through a fetcher, or
 * as a plain form back to the gallery without JavaScript; the page's data then lists the new
 * variations as processing.
 */
export function RestageViewsButton({ variationId, label }: { variationId: string; label: string }) {
	const fetcher = useFetcher<{ variations?: VariationView[]; result?: { status?: string; error?: unknown } }>({
		key: `restage-views:${variationId}`,
	})
	const { toast } = useToast()
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	const busy = fetcher.state !== 'idle'
	useEffect(() => {
		if (answer?.result?.status === 'error')
			toast({ title: 'Error', description: 'Failed to restage the other views', variant: 'destructive' })
		else if (answer?.variations?.length) toast({ description: `Restaging the other views to match ${label}` })
	}, [answer, label, toast])
	return (
		<fetcher.Form method="post" action={intentAction('results', 'restage-views')} className="px-1">
			<input type="hidden" name="variationId" value={variationId} />
			<PlainFormReturn step="results" />
			<Button
				type="submit"
				size="sm"
				variant="outline"
				disabled={busy}
				aria-busy={busy}
				aria-label={`Restage the other views to match ${label}`}
				className="h-11 w-full"
			>
				{busy ? (
					<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
				) : (
					<Copy aria-hidden className="size-4" />
				)}
				Restage other views to match
			</Button>
		</fetcher.Form>
	)
}

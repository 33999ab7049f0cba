import { useFetcher } from '@remix-run/react'
import { Copy, LoaderCircle } from 'lucide-react'
import { useEffect } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import { pluralise } from '#core/studio/labels.ts'
import type { VariationView } from '#core/studio/views.ts'
import { cn } from '#app/utils/cn.ts'
import { OVER_IMAGE_BUTTON } from './compare-dialog.tsx'
import { PlainFormReturn } from './plain-form.tsx'
import { intentAction } from './workflow-steps.ts'

/**
 * "Restage the other views to match" for one carousel (a room's first view in a style): one fetcher
 * that outlives the button it was posted from, since the button goes once the views match, and
 * says what happened when the answer lands.
 */
export function useRestageViews(roomId: string, style: string) {
	const fetcher = useFetcher<{ variations?: VariationView[]; result?: { status?: string } }>({
		key: `restage-views:${roomId}:${style}`,
	})
	const { toast } = useToast()
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	useEffect(() => {
		if (answer?.result?.status === 'error')
			toast({ title: 'Error', description: 'Failed to restage the other views', variant: 'destructive' })
		else if (answer?.variations?.length)
			toast({ description: `Restaging ${pluralise(answer.variations.length, 'other view')} to match` })
	}, [answer, toast])
	return { Form: fetcher.Form, busy: fetcher.state !== 'idle' }
}

/**
 * Offered on an image of a room's first view that its other views do not match yet (a remodel,
 * most often): each view gets one more variation staged to match it. Posted through the
 * carousel's fetcher, or as a plain form back to the gallery without JavaScript; the page's data
 * then lists the new variations as processing.
 */
export function RestageViewsButton({
	restage,
	variationId,
	label,
	className,
}: {
	restage: ReturnType<typeof useRestageViews>
	variationId: string
	/** the image, e.g. 'Modern Lounge, variation 2' */
	label: string
	className?: string
}) {
	return (
		<restage.Form method="post" action={intentAction('results', 'restage-views')} className={className}>
			<input type="hidden" name="variationId" value={variationId} />
			<PlainFormReturn step="results" />
			<button
				type="submit"
				disabled={restage.busy}
				aria-busy={restage.busy}
				aria-label={`Restage the other views to match ${label}`}
				className={cn(OVER_IMAGE_BUTTON, 'disabled:opacity-70')}
			>
				{restage.busy ? (
					<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
				) : (
					<Copy aria-hidden className="size-4" />
				)}
				Match views
			</button>
		</restage.Form>
	)
}

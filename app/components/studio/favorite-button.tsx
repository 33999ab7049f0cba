import { useFetcher, useFetchers } from '@remix-run/react'
import { Heart } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import { cn } from '#app/utils/cn.ts'
import type { VariationView } from '#core/studio/views.ts'
import { PlainFormReturn } from './plain-form.tsx'
import { intentAction, type WorkflowStep } from './workflow-steps.ts'

const FAVORITE_INTENT = 'intent=favorite'

/**
 * The variations with every heart tap still on its way already applied (optimistic UI): the
 * agent sees the heart fill at once, and a poll landing meanwhile does not undo it.
 */
export function useOptimisticFavorites(variations: VariationView[]) {
	const fetchers = useFetchers()
	const pending = new Map<string, boolean>()
	for (const fetcher of fetchers) {
		if (!fetcher.formData || !fetcher.formAction?.includes(FAVORITE_INTENT)) continue
		const id = fetcher.formData.get('variationId')
		if (typeof id === 'string') pending.set(id, fetcher.formData.get('isFavorite') === 'true')
	}
	if (!pending.size) return variations
	return variations.map((v) => (pending.has(v.id) ? { ...v, isFavorite: pending.get(v.id)! } : v))
}

/**
 * A heart toggle: a form posting the opposite of the current state, through a fetcher with
 * JavaScript, as a plain post (back to `step`) without. aria-pressed says whether it is a favourite.
 */
export function FavoriteToggle({
	variation,
	label,
	step,
	className,
	children,
}: {
	variation: Pick<VariationView, 'id' | 'isFavorite'>
	/** what is being favourited, e.g. 'Modern Bedroom, variation 2' */
	label: string
	step: WorkflowStep
	className?: string
	children: ReactNode
}) {
	const fetcher = useFetcher<{ result?: { status?: string } }>({ key: `favorite:${variation.id}` })
	const { toast } = useToast()
	const refused = fetcher.state === 'idle' && fetcher.data?.result?.status === 'error'
	useEffect(() => {
		if (refused) toast({ title: 'Error', description: 'Failed to update favorite status', variant: 'destructive' })
	}, [refused, toast])
	return (
		<fetcher.Form method="post" action={intentAction(step, 'favorite')} className="contents">
			<input type="hidden" name="variationId" value={variation.id} />
			<input type="hidden" name="isFavorite" value={String(!variation.isFavorite)} />
			<PlainFormReturn step={step} />
			<button type="submit" aria-pressed={variation.isFavorite} aria-label={`Favorite ${label}`} className={className}>
				{children}
			</button>
		</fetcher.Form>
	)
}

/** The round heart over an image in the gallery. */
export function FavoriteButton({
	variation,
	label,
	step,
	className,
}: {
	variation: Pick<VariationView, 'id' | 'isFavorite'>
	label: string
	step: WorkflowStep
	className?: string
}) {
	return (
		<FavoriteToggle
			variation={variation}
			label={label}
			step={step}
			className={cn(
				'inline-flex size-11 items-center justify-center rounded-full bg-white/90 shadow-md backdrop-blur transition hover:scale-105 active:scale-95',
				className,
			)}
		>
			<Heart
				aria-hidden
				className={cn('size-5 transition-colors', variation.isFavorite ? 'fill-red-500 text-red-500' : 'text-gray-700')}
			/>
		</FavoriteToggle>
	)
}

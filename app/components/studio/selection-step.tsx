import { ArrowLeft, Heart } from 'lucide-react'
import { Link } from '@remix-run/react'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import type { RoomView, VariationView } from '#core/studio/views.ts'
import { pluralise, roomLabel, styleLabel } from '#core/studio/labels.ts'
import { FavoriteToggle } from './favorite-button.tsx'
import { StepActions, StepHeading } from './step-layout.tsx'
import { PreviewLabel, VariationImage } from './variation-image.tsx'
import { inWorkflowOrder } from './variation-order.ts'
import { stepHref } from './workflow-steps.ts'

// Four tiles a row in the 72rem page from 1024 px, three from 640 px, two on a phone.
const TILE_SIZES =
	'(min-width: 1152px) 267px, (min-width: 1024px) calc(25vw - 1.25rem), (min-width: 640px) calc(33vw - 1.5rem), calc(50vw - 1.375rem)'

function FavoriteTile({ variation, label }: { variation: VariationView; label: string }) {
	return (
		<li>
			<FavoriteToggle
				variation={variation}
				label={label}
				step="selection"
				className={cn(
					'group relative flex w-full flex-col overflow-hidden rounded-xl bg-white ring-offset-2 transition',
					variation.isFavorite ? 'ring-4 ring-red-500' : 'ring-1 ring-gray-200 hover:ring-gray-400',
				)}
			>
				<VariationImage variation={variation} alt="" sizes={TILE_SIZES} className="bg-muted" />
				{/* under the picture, not over it: the floor where the furniture stands stays in view */}
				<span className="px-2 py-1.5 text-left text-xs font-medium text-gray-900">{label}</span>
				{variation.isPreview ? <PreviewLabel className="absolute top-2 left-2" /> : null}
				<span
					aria-hidden
					className={cn(
						'absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full shadow-md',
						variation.isFavorite ? 'bg-red-500 text-white' : 'bg-white/90 text-gray-700',
					)}
				>
					<Heart className={cn('size-4', variation.isFavorite && 'fill-white')} />
				</span>
			</FavoriteToggle>
		</li>
	)
}

export function SelectionStep({ rooms, variations }: { rooms: RoomView[]; variations: VariationView[] }) {
	const names = new Map(rooms.map((room) => [room.id, roomLabel(room)]))
	const ready = inWorkflowOrder(
		rooms,
		variations.filter((v) => v.status === 'completed'),
	)
	const favoriteCount = ready.filter((v) => v.isFavorite).length
	const numberInBatch = new Map<string, number>()

	return (
		<div className="flex flex-col gap-5">
			<StepHeading
				title="Review Your Favorites"
				description="Tap an image to add or remove it. Favourites are saved as you go and are the images you keep."
			/>
			<p aria-live="polite" className="flex items-center gap-2 text-sm font-medium text-gray-900">
				<Heart aria-hidden className="size-4 fill-red-500 text-red-500" />
				{pluralise(favoriteCount, 'favorite')} of {pluralise(ready.length, 'variation')}
			</p>
			{ready.length ? (
				<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
					{ready.map((v) => {
						const key = `${v.roomId}:${v.style}`
						const n = (numberInBatch.get(key) ?? 0) + 1
						numberInBatch.set(key, n)
						const label = `${names.get(v.roomId) ?? v.roomName} · ${styleLabel(v.style)} ${n}`
						return <FavoriteTile key={v.id} variation={v} label={label} />
					})}
				</ul>
			) : (
				<p className="rounded-xl bg-muted p-6 text-center text-sm text-muted-foreground">
					No finished variations yet. Go back to the gallery to see their progress.
				</p>
			)}
			<StepActions>
				<Link to={stepHref('results')} className={buttonClasses({ variant: 'outline' })}>
					<ArrowLeft aria-hidden className="size-4" />
					Back to Gallery
				</Link>
				<Link to={stepHref('download')} className={buttonClasses()}>
					Continue
				</Link>
			</StepActions>
		</div>
	)
}

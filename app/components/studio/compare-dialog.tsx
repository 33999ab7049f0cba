import * as Dialog from '@radix-ui/react-dialog'
import { Crop, Sofa, SquareSplitHorizontal, TriangleAlert } from 'lucide-react'
import { BeforeAfter } from '#app/components/ui/before-after.tsx'
import { aspectOf } from '#app/components/ui/responsive-image.tsx'
import { DialogCloseButton } from '#app/components/ui/dialog-close-button.tsx'
import { cn } from '#app/utils/cn.ts'
import type { ImageSources, RoomView, VariationView } from '#core/studio/views.ts'
import { RoomCheckOutlines, roomCheckSentence } from './room-check.tsx'
import { PreviewLabel } from './variation-image.tsx'

/** A variation next to the photo it was made from. */
export interface Comparison {
	/** what is shown, e.g. 'Modern Bedroom, variation 2' */
	title: string
	before: string
	after: string
	/** the two images' sizes and copies, so the slider loads the copy its frame needs */
	images?: { before: ImageSources; after: ImageSources | null }
	isPreview: boolean
	/** The after image's room check, outlined over the slider when it flagged something. */
	roomCheck?: VariationView['roomCheck']
}

export function comparisonOf(
	room: Pick<RoomView, 'originalImageUrl' | 'original'>,
	variation: Pick<VariationView, 'imageUrl' | 'image' | 'isPreview' | 'roomCheck'>,
	title: string,
): Comparison {
	return {
		title,
		before: room.originalImageUrl,
		after: variation.imageUrl ?? '',
		images: { before: room.original, after: variation.image },
		isPreview: variation.isPreview,
		roomCheck: variation.roomCheck,
	}
}

/** A button laid over a corner of a gallery image: a white pill, thumb-sized. */
export const OVER_IMAGE_BUTTON =
	'inline-flex h-11 items-center gap-1.5 rounded-full bg-white/90 px-3 text-sm font-medium text-gray-900 shadow-md backdrop-blur hover:bg-white'

/** Opens the comparison; the visible word leads its name, which says what it compares. */
export function CompareButton({ name, onClick, className }: { name: string; onClick: () => void; className?: string }) {
	return (
		<button
			type="button"
			aria-label={`Compare ${name} with the original`}
			onClick={onClick}
			className={cn(OVER_IMAGE_BUTTON, className)}
		>
			<SquareSplitHorizontal aria-hidden className="size-4" />
			Compare
		</button>
	)
}

/**
 * What the room check says under the title: what may have changed (or, for an image that passed,
 * what its frame leaves out), then what it saw added and removed, when it saw anything.
 */
export function ComparisonNotes({ check }: { check: Comparison['roomCheck'] }) {
	if (!check) return null
	return (
		<>
			{check.verdict !== 'ok' ? (
				<p className="flex items-center gap-1.5 text-sm font-medium text-amber-900">
					<TriangleAlert aria-hidden className="size-4 shrink-0" />
					{roomCheckSentence(check)}
					{check.regions.length ? ' (outlined)' : ''}
				</p>
			) : check.note ? (
				// An image that passed may still leave part of the photo out of its frame.
				<p className="flex items-center gap-1.5 text-sm text-muted-foreground">
					<Crop aria-hidden className="size-4 shrink-0" />
					{check.note}
				</p>
			) : null}
			{check.contentsSentence ? (
				<p className="flex items-center gap-1.5 text-sm text-muted-foreground">
					<Sofa aria-hidden className="size-4 shrink-0" />
					{check.contentsSentence}
				</p>
			) : null}
		</>
	)
}

// The slider's frame where the photo's size is not known (images stored before sizes were kept).
const USUAL_RATIO = 4 / 3

/**
 * The width the slider is shown at, for `sizes`: its frame has the photo's own shape (`ratio`,
 * width / height), as wide as the dialog's 64rem less its padding, a narrower screen's width less
 * its margins, or what the screen's height leaves at that shape.
 */
function sliderSizes(ratio: number) {
	const byHeight = `(92vh - 9rem) * ${ratio.toFixed(4)}`
	return `(min-width: 640px) min(61rem, 100vw - 5rem, ${byHeight}), min(100vw - 2rem, ${byHeight})`
}

/** The larger view of a variation: the before/after slider over its original photo. */
export function CompareDialog({ comparison, onClose }: { comparison: Comparison | null; onClose: () => void }) {
	const ratio = aspectOf(comparison?.images?.before) ?? USUAL_RATIO
	return (
		<Dialog.Root open={!!comparison} onOpenChange={(open) => (open ? undefined : onClose())}>
			{comparison ? (
				<Dialog.Portal>
					<Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
					<Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col gap-4 overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(64rem,calc(100vw_-_2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6">
						<div className="flex items-start justify-between gap-4">
							<div className="flex flex-col gap-1">
								<div className="flex flex-wrap items-center gap-2">
									<Dialog.Title className="text-lg font-bold text-gray-900">{comparison.title}</Dialog.Title>
									{comparison.isPreview ? <PreviewLabel /> : null}
								</div>
								<Dialog.Description className="text-sm text-muted-foreground">
									Drag across the photo, or use the arrow keys, to compare it with the original.
								</Dialog.Description>
								<ComparisonNotes check={comparison.roomCheck} />
							</div>
							<DialogCloseButton />
						</div>
						{/* As large as the screen allows, title and all, in the photo's shape: a portrait is not letterboxed. */}
						<div className="relative mx-auto w-full" style={{ maxWidth: `calc((92dvh - 9rem) * ${ratio.toFixed(4)})` }}>
							<BeforeAfter
								before={{
									src: comparison.before,
									alt: `${comparison.title}, before`,
									image: comparison.images?.before,
								}}
								after={{
									src: comparison.after,
									alt: `${comparison.title}, after`,
									image: comparison.images?.after ?? undefined,
								}}
								sizes={sliderSizes(ratio)}
								label={comparison.title}
								aspectRatio={ratio}
								eager
							/>
							<RoomCheckOutlines check={comparison.roomCheck} src={comparison.before} frameRatio={ratio} />
						</div>
					</Dialog.Content>
				</Dialog.Portal>
			) : null}
		</Dialog.Root>
	)
}

import { useFetcher } from '@remix-run/react'
import { TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { isEditKind } from '#core/edits/edit.schema.ts'
import { flaggedNote } from '#core/staging/room-check/sentences.ts'
import { openCheckNote, type VariationView } from '#core/studio/views.ts'
import { PlainFormReturn } from './plain-form.tsx'
import { intentAction } from './workflow-steps.ts'

type RoomCheck = NonNullable<VariationView['roomCheck']>

/** What the agent reads about a flagged image, answered or not: the check's own sentence, or why it could not be matched. */
export function roomCheckSentence(check: RoomCheck) {
	return openCheckNote({ ...check, open: true })!
}

/**
 * On a flagged image: the room check thinks a wall, window, door, floor or ceiling may differ from
 * the photo (listing rules allow adding furniture, not changing the property). Gone once answered.
 */
export function RoomCheckBadge({ check, className }: { check: VariationView['roomCheck']; className?: string }) {
	if (!check?.open) return null
	return (
		<span
			title={roomCheckSentence(check)}
			className={cn(
				'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 shadow',
				className,
			)}
		>
			<TriangleAlert aria-hidden className="size-3.5" />
			Check the room
		</span>
	)
}

/** Where a photo of `imageRatio` (width / height) shows in a frame of `frameRatio` when contained, in percent of the frame. */
export function containedBox(frameRatio: number, imageRatio: number) {
	if (imageRatio >= frameRatio) {
		const height = (frameRatio / imageRatio) * 100
		return { left: 0, top: (100 - height) / 2, width: 100, height }
	}
	const width = (imageRatio / frameRatio) * 100
	return { left: (100 - width) / 2, top: 0, width, height: 100 }
}

/** The image's own width / height once the browser knows it (the file it already fetched for the frame). */
function useImageRatio(src: string) {
	const [ratio, setRatio] = useState<number | null>(null)
	useEffect(() => {
		let live = true
		const image = new Image()
		image.onload = () => {
			if (live && image.naturalHeight) setRatio(image.naturalWidth / image.naturalHeight)
		}
		image.src = src
		return () => {
			live = false
		}
	}, [src])
	return ratio
}

/**
 * The changed areas outlined on the photo, laid over a frame of `frameRatio` that shows it
 * contained (the compare slider): the outlines sit in a box of the photo's own shape where the
 * letterboxed photo is, so they mark the photo at every size. The regions are fractions of the
 * photo. Nothing is drawn until the photo's shape is known, rather than drawn in the wrong place.
 */
export function RoomCheckOutlines({
	check,
	src,
	frameRatio,
}: {
	check?: VariationView['roomCheck']
	/** the photo (or the staged image, which has its size) */
	src: string
	frameRatio: number
}) {
	const ratio = useImageRatio(src)
	if (!check || check.verdict === 'ok' || !check.regions.length || !ratio) return null
	const box = containedBox(frameRatio, ratio)
	const percent = (share: number) => `${share * 100}%`
	return (
		<div
			aria-hidden
			data-testid="room-check-outlines"
			className="pointer-events-none absolute"
			style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
		>
			{check.regions.map((r) => (
				<div
					key={`${r.x},${r.y},${r.width},${r.height}`}
					className="absolute rounded-sm border-2 border-dashed border-amber-400 shadow-[0_0_0_1px_rgba(0,0,0,0.5)]"
					style={{ left: percent(r.x), top: percent(r.y), width: percent(r.width), height: percent(r.height) }}
				/>
			))}
		</div>
	)
}

/**
 * One note for a room's style, however many of its images the check flagged: what may have
 * changed, said once ("2 of 3 variations: the floor looks different"), then each flagged image's
 * two answers. Listed under the carousel (not only on the current slide), so it works the same
 * without JavaScript, where the carousel cannot move.
 */
export function RoomCheckPanel({ variations, label }: { variations: VariationView[]; label: string }) {
	const open = variations.map((v, i) => ({ v, position: i + 1 })).filter(({ v }) => v.roomCheck?.open)
	if (!open.length) return null
	const note = flaggedNote(
		open.map(({ v }) => roomCheckSentence(v.roomCheck!)),
		variations.length,
	)
	return (
		<section
			aria-label={`${label}: room check`}
			className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
		>
			<p className="flex gap-1.5">
				<TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
				<span>
					<strong className="font-semibold">{note}.</strong>{' '}
					{isEditKind(variations[0].style)
						? 'The edit should change only what you asked.'
						: 'Listings may add furniture, not change the property.'}
				</span>
			</p>
			<ul className="flex flex-col gap-2">
				{open.map(({ v, position }) => (
					<RoomCheckQuestion key={v.id} variation={v} position={position} name={`${label}, variation ${position}`} />
				))}
			</ul>
		</section>
	)
}

function RoomCheckQuestion({
	variation,
	position,
	name,
}: {
	variation: VariationView
	position: number
	name: string
}) {
	const fetcher = useFetcher<{ result?: { status?: string } }>({ key: `room-check:${variation.id}` })
	const { toast } = useToast()
	const refused = fetcher.state === 'idle' && fetcher.data?.result?.status === 'error'
	useEffect(() => {
		if (refused) toast({ title: 'Error', description: 'Failed to answer the room check', variant: 'destructive' })
	}, [refused, toast])
	const busy = fetcher.state !== 'idle'
	return (
		<li>
			<fetcher.Form
				method="post"
				action={intentAction('results', 'room-check')}
				role="group"
				aria-label={name}
				className="flex flex-wrap items-center gap-2"
			>
				<span className="min-w-20 font-medium">Variation {position}</span>
				<input type="hidden" name="variationId" value={variation.id} />
				<PlainFormReturn step="results" />
				<Button type="submit" name="answer" value="kept" size="sm" variant="outline" className="h-11" disabled={busy}>
					I have looked at it
				</Button>
				<Button type="submit" name="answer" value="replaced" size="sm" className="h-11" disabled={busy}>
					Replace it free
				</Button>
			</fetcher.Form>
		</li>
	)
}

import { useId, type MouseEvent } from 'react'
import { ResponsiveImage, aspectOf } from '#app/components/ui/responsive-image.tsx'
import { cn } from '#app/utils/cn.ts'
import { type Outline, outlinePath } from '#core/edits/outline.ts'
import { type DetectedObject, type OpenPanel, objectUnder, pointIn } from './edit-room.ts'

import { type BrushState, StrokePath } from './edit-brush.tsx'

const percent = (share: number) => `${share * 100}%`

/**
 * The room's photo with what is selected drawn over it: each picked thing's outline (its shape, the
 * photo's own edges once the server has refined it) and the brush's strokes, tinted as core will
 * make the mask: the things, then each stroke painting in or erasing. The photo sets its own box
 * (width 100 %, height by its shape), so the overlay (an SVG as wide as the photo's aspect and one
 * high) lies on it at every size. In Pick, a click ticks or unticks the thing under it in the list
 * below; the list is the form, and the keyboard's (and a page without JavaScript's) way to pick.
 */
export function PickablePhoto({
	panel,
	picked,
	shapes = {},
	onPick,
	brush,
}: {
	panel: OpenPanel
	picked: ReadonlySet<string>
	/** refined outlines by object id, drawn instead of the label map's */
	shapes?: Readonly<Record<string, Outline>>
	onPick?: (object: DetectedObject) => void
	brush?: BrushState
}) {
	const ratio = aspectOf(panel.photo)
	const aspect = ratio ?? 1
	const tintId = useId()
	const painting = brush && brush.tool !== 'pick'
	const click = (event: MouseEvent<HTMLDivElement>) => {
		const [x, y] = pointIn(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY)
		const hit = objectUnder(panel.objects, x, y, shapes)
		if (hit) onPick?.(hit)
	}
	const shapeOf = (o: DetectedObject) => outlinePath(shapes[o.id] ?? o.outline)
	const chosen = panel.objects.filter((o) => picked.has(o.id))
	const strokes = brush?.strokes ?? []
	return (
		// biome-ignore lint/a11y/useKeyWithClickEvents: a pointer's shortcut; the checkbox list below is the keyboard's way
		// biome-ignore lint/a11y/noStaticElementInteractions: as above: the photo only ticks the list's boxes, or is drawn on
		<div
			data-testid="edit-photo"
			onClick={onPick && !painting ? click : undefined}
			{...(painting ? brush.pointer : {})}
			className={cn(
				'relative mx-auto w-full overflow-hidden rounded-lg bg-muted select-none',
				onPick && 'cursor-crosshair',
			)}
			// Tall photos stay within the sheet, leaving room for the list under them. Only a brush
			// takes the finger from the page: in Pick, a swipe over the photo still scrolls.
			style={{
				...(ratio ? { maxWidth: `calc(48dvh * ${ratio.toFixed(4)})` } : {}),
				...(painting ? { touchAction: 'none' } : {}),
			}}
		>
			<ResponsiveImage
				image={panel.photo}
				sizes="(min-width: 640px) min(44rem, 100vw - 5rem), calc(100vw - 2.5rem)"
				alt={`${panel.roomName}, original photo`}
				eager
			/>
			<svg
				aria-hidden
				viewBox={`0 0 ${aspect} 1`}
				preserveAspectRatio="none"
				className="pointer-events-none absolute inset-0 size-full"
			>
				<mask id={tintId} maskUnits="userSpaceOnUse" x="0" y="0" width={aspect} height="1">
					<g transform={`scale(${aspect} 1)`}>
						{chosen.map((o) => (
							<path key={o.id} d={shapeOf(o)} fill="white" fillRule="evenodd" />
						))}
					</g>
					{strokes.map((stroke, i) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: strokes are only added and taken off the end
						<StrokePath key={i} stroke={stroke} aspect={aspect} colour={stroke.erase ? 'black' : 'white'} />
					))}
				</mask>
				<rect width={aspect} height="1" className="fill-brand" fillOpacity={0.45} mask={`url(#${tintId})`} />
				{/* An erase shows where it went even over nothing selected: a pale wash. */}
				{strokes.map((stroke, i) =>
					stroke.erase ? (
						// biome-ignore lint/suspicious/noArrayIndexKey: as above
						<g key={i} opacity={0.35}>
							<StrokePath stroke={stroke} aspect={aspect} colour="white" />
						</g>
					) : null,
				)}
				{/* Every thing's shape is laid out where a click picks it; a picked one is outlined. */}
				<g transform={`scale(${aspect} 1)`} fill="none" fillRule="evenodd" strokeLinejoin="round">
					{panel.objects.map((o) => (
						<g key={o.id}>
							{picked.has(o.id) ? (
								<path d={shapeOf(o)} stroke="white" strokeWidth={4} vectorEffect="non-scaling-stroke" />
							) : null}
							<path
								d={shapeOf(o)}
								data-object={o.id}
								data-picked={picked.has(o.id)}
								className={picked.has(o.id) ? 'stroke-brand' : undefined}
								strokeWidth={2}
								vectorEffect="non-scaling-stroke"
							/>
						</g>
					))}
				</g>
			</svg>
			{chosen.map((o) => (
				<span
					key={o.id}
					aria-hidden
					className="pointer-events-none absolute -translate-y-full rounded bg-brand px-1 text-xs font-medium text-white"
					style={{ left: percent(o.box.x), top: percent(o.box.y) }}
				>
					{o.name}
				</span>
			))}
		</div>
	)
}

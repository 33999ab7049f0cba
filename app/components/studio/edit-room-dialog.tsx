import type { SubmissionResult } from '@conform-to/react'
import * as Dialog from '@radix-ui/react-dialog'
import { Link, useFetcher } from '@remix-run/react'
import { Brush, Eraser, LoaderCircle, MousePointer2, PaintRoller, Undo2 } from 'lucide-react'
import { type DragEvent, useEffect, useId, useRef, useState, type MouseEvent, type PointerEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FormAlert } from '#app/components/forms.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { closeLinkProps, DialogCloseLink } from '#app/components/ui/dialog-close-link.tsx'
import { ResponsiveImage, aspectOf } from '#app/components/ui/responsive-image.tsx'
import { cn } from '#app/utils/cn.ts'
import { FLOOR_MATERIALS, RENOVATED_SURFACES, WALL_COLOURS, WORKTOP_MATERIALS } from '#core/edits/edit.schema.ts'
import { type Outline, outlinePath } from '#core/edits/outline.ts'
import type { Stroke } from '#core/edits/selection.ts'
import type { VariationView } from '#core/studio/views.ts'
import {
	BRUSH_SIZES,
	EDIT_FIELD,
	EDIT_TITLES,
	editAction,
	type DetectedObject,
	type DetectedSurface,
	type EditPanel,
	extendStroke,
	MOST_DRAWN_POINTS,
	MOST_STROKES,
	objectUnder,
	OTHER_COLOUR,
	outlineHref,
	pointIn,
	STROKES_FIELD,
} from './edit-room.ts'
import { PlainFormReturn } from './plain-form.tsx'
import { stepHref } from './workflow-steps.ts'

type Panel = NonNullable<EditPanel>
type Reply = { result?: SubmissionResult<string[]>; variation?: VariationView; done?: string }

const percent = (share: number) => `${share * 100}%`

/** Every message of a refusal, whatever field core named (remove, renovate, edit, roomId). */
const messagesOf = (result: SubmissionResult<string[]> | undefined) =>
	result?.status === 'error' ? Object.values(result.error ?? {}).flatMap((m) => m ?? []) : []

type Tool = 'pick' | 'brush' | 'erase'

const TOOLS: Array<{ tool: Tool; label: string; Icon: typeof MousePointer2 }> = [
	{ tool: 'pick', label: 'Pick', Icon: MousePointer2 },
	{ tool: 'brush', label: 'Brush', Icon: Brush },
	{ tool: 'erase', label: 'Erase', Icon: Eraser },
]

/**
 * The Remove items panel's brush: the tool in hand, the brush's size and the strokes drawn, in
 * order, as core applies them after the picked things (core/edits/selection.ts). A pointer draws;
 * the strokes go with the form as JSON.
 */
function useBrush() {
	const [tool, setTool] = useState<Tool>('pick')
	const [radius, setRadius] = useState(BRUSH_SIZES.start)
	const [strokes, setStrokes] = useState<Stroke[]>([])
	const drawing = useRef<number | null>(null)
	const points = strokes.reduce((sum, s) => sum + s.points.length, 0)
	const full = strokes.length >= MOST_STROKES || points >= MOST_DRAWN_POINTS

	const start = (event: PointerEvent<HTMLElement>) => {
		if (tool === 'pick' || full || (event.pointerType === 'mouse' && event.button !== 0)) return
		event.currentTarget.setPointerCapture(event.pointerId)
		drawing.current = event.pointerId
		const point = pointIn(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY)
		setStrokes((drawn) => [...drawn, { points: [point], radius, ...(tool === 'erase' ? { erase: true } : {}) }])
	}
	const move = (event: PointerEvent<HTMLElement>) => {
		if (drawing.current !== event.pointerId || points >= MOST_DRAWN_POINTS) return
		const box = event.currentTarget.getBoundingClientRect()
		const point = pointIn(box, event.clientX, event.clientY)
		setStrokes((drawn) => {
			const last = drawn[drawn.length - 1]
			const longer = extendStroke(last, point, box)
			return longer === last ? drawn : [...drawn.slice(0, -1), longer]
		})
	}
	const end = (event: PointerEvent<HTMLElement>) => {
		if (drawing.current === event.pointerId) drawing.current = null
	}
	return {
		tool,
		setTool,
		radius,
		setRadius,
		strokes,
		full,
		undo: () => setStrokes((drawn) => drawn.slice(0, -1)),
		clear: () => setStrokes([]),
		pointer: {
			onPointerDown: start,
			onPointerMove: move,
			onPointerUp: end,
			onPointerCancel: end,
			// A mouse dragged over the photo would drag the image itself away, and the browser cancel the stroke.
			onDragStart: (event: DragEvent) => event.preventDefault(),
		},
	}
}

type BrushState = ReturnType<typeof useBrush>

/** A stroke as SVG in the overlay's units (the photo's width over its height by 1). */
function StrokePath({ stroke, aspect, colour }: { stroke: Stroke; aspect: number; colour: string }) {
	const points = stroke.points.map(([x, y]) => `${x * aspect} ${y}`)
	// A lone point is a dot: a zero-length line with round caps.
	const d = `M${points.join('L')}${points.length === 1 ? `L${points[0]}` : ''}`
	return (
		<path
			d={d}
			fill="none"
			stroke={colour}
			strokeWidth={2 * stroke.radius * Math.max(aspect, 1)}
			strokeLinecap="round"
			strokeLinejoin="round"
		/>
	)
}

/**
 * The room's photo with what is selected drawn over it: each picked thing's outline (its shape, the
 * photo's own edges once the server has refined it) and the brush's strokes, tinted as core will
 * make the mask: the things, then each stroke painting in or erasing. The photo sets its own box
 * (width 100 %, height by its shape), so the overlay (an SVG as wide as the photo's aspect and one
 * high) lies on it at every size. In Pick, a click ticks or unticks the thing under it in the list
 * below; the list is the form, and the keyboard's (and a page without JavaScript's) way to pick.
 */
function PickablePhoto({
	panel,
	picked,
	shapes = {},
	onPick,
	brush,
}: {
	panel: Panel
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

/** Pick, Brush or Erase, the brush's size, Undo and Clear: shown once scripts run, as only a pointer uses them. */
function BrushTools({ brush }: { brush: BrushState }) {
	const sizeId = useId()
	return (
		<div className="flex flex-wrap items-center gap-x-4 gap-y-2">
			<fieldset className="flex flex-wrap items-center gap-1" aria-describedby={`${sizeId}-note`}>
				<legend className="sr-only">Tool</legend>
				{TOOLS.map(({ tool, label, Icon }) => (
					// The radio itself lies over its whole button, unseen: a click or tap anywhere on it is the radio's.
					<label
						key={tool}
						className="relative flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md border border-gray-300 px-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand has-[:focus-visible]:ring-offset-2"
					>
						<input
							type="radio"
							name="tool"
							value={tool}
							checked={brush.tool === tool}
							onChange={() => brush.setTool(tool)}
							className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0"
						/>
						<Icon aria-hidden className="size-4" />
						{label}
					</label>
				))}
			</fieldset>
			<label htmlFor={sizeId} className="flex min-h-11 items-center gap-2 text-sm">
				Brush size
				<input
					id={sizeId}
					type="range"
					min={BRUSH_SIZES.min}
					max={BRUSH_SIZES.max}
					step={BRUSH_SIZES.step}
					value={brush.radius}
					onChange={(event) => brush.setRadius(Number(event.target.value))}
					className="w-28 accent-brand"
				/>
			</label>
			<div className="flex gap-2">
				<Button type="button" variant="outline" onClick={brush.undo} disabled={!brush.strokes.length}>
					<Undo2 aria-hidden className="size-4" />
					Undo
				</Button>
				<Button type="button" variant="outline" onClick={brush.clear} disabled={!brush.strokes.length}>
					Clear
				</Button>
			</div>
			<p id={`${sizeId}-note`} className="basis-full text-sm text-muted-foreground">
				{brush.full
					? 'That is as much as one edit takes: undo or clear strokes to draw more.'
					: 'Brush paints in what the pick missed; Erase takes out what should stay.'}
			</p>
		</div>
	)
}

function RemoveFields({ panel, errorsId }: { panel: Panel; errorsId: string }) {
	const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
	const shapes = useRefinedOutlines(panel.roomId)
	const brush = useBrush()
	const scripted = useHydrated()
	const toggle = (id: string, on = !picked.has(id)) => {
		if (on) shapes.refine(id)
		setPicked((current) => {
			const next = new Set(current)
			if (on) next.add(id)
			else next.delete(id)
			return next
		})
	}
	return (
		<>
			{scripted ? <BrushTools brush={brush} /> : null}
			<PickablePhoto
				panel={panel}
				picked={picked}
				shapes={shapes.outlines}
				onPick={(o) => toggle(o.id)}
				brush={brush}
			/>
			{brush.strokes.length ? <input type="hidden" name={STROKES_FIELD} value={JSON.stringify(brush.strokes)} /> : null}
			<fieldset className="flex flex-col gap-2" aria-describedby={errorsId}>
				<legend className="mb-1 text-sm font-semibold text-gray-900">What to remove</legend>
				<p className="text-sm text-muted-foreground">
					Click a thing on the photo, or tick it here. Each one is cut out along its edges and painted out; nothing else
					in the photo is touched.
				</p>
				{panel.objects.length ? (
					<ul className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
						{panel.objects.map((o) => (
							<li key={o.id}>
								<label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
									<input
										type="checkbox"
										name="remove"
										value={o.id}
										checked={picked.has(o.id)}
										onChange={(event) => toggle(o.id, event.target.checked)}
										className="size-5 accent-brand"
									/>
									{o.name}
								</label>
							</li>
						))}
					</ul>
				) : (
					<p className="text-sm text-gray-900">Nothing that can be removed was found in this photo.</p>
				)}
			</fieldset>
		</>
	)
}

/**
 * The outlines along the photo's edges of the things picked so far, each asked of the server once,
 * on its first pick (GrabCut costs too much to run for every thing as the list is made): until it
 * comes, and if it does not, the label map's outline is drawn.
 */
function useRefinedOutlines(roomId: string) {
	const [outlines, setOutlines] = useState<Readonly<Record<string, Outline>>>({})
	const asked = useRef(new Set<string>())
	const refine = (id: string) => {
		if (asked.current.has(id)) return
		asked.current.add(id)
		fetch(outlineHref(roomId, id))
			.then((response) => (response.ok ? (response.json() as Promise<{ outline: Outline }>) : null))
			.then((answer) => {
				// An outline GrabCut left empty would hide a picked thing: the label map's stays.
				if (answer?.outline.length) setOutlines((known) => ({ ...known, [id]: answer.outline }))
			})
			.catch(() => asked.current.delete(id))
	}
	return { outlines, refine }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** What a surface becomes: a colour (swatches and a picker for walls), or a material from the schema's list. */
function SurfaceChoice({ surface, onChosen }: { surface: DetectedSurface; onChosen: () => void }) {
	const name = `becomes.${surface.name}`
	const disabled = !surface.renovatable
	const label = capitalised(surface.name)
	if (surface.name === 'walls')
		return (
			<fieldset className="flex flex-wrap items-center gap-2 pl-7" disabled={disabled}>
				<legend className="sr-only">Walls colour</legend>
				{WALL_COLOURS.map((swatch, i) => (
					<label key={swatch.hex} className="flex min-h-11 cursor-pointer items-center gap-1.5 text-sm">
						<input
							type="radio"
							name={name}
							value={swatch.hex}
							defaultChecked={i === 0}
							onChange={onChosen}
							className="size-4 accent-brand"
						/>
						<span
							aria-hidden
							className="size-5 rounded-full border border-gray-300"
							style={{ background: swatch.hex }}
						/>
						{swatch.name}
					</label>
				))}
				<label className="flex min-h-11 cursor-pointer items-center gap-1.5 text-sm">
					<input type="radio" name={name} value={OTHER_COLOUR} onChange={onChosen} className="size-4 accent-brand" />
					Another colour
				</label>
				<input
					type="color"
					name={`other.${surface.name}`}
					defaultValue="#c9b8a6"
					aria-label="Walls: another colour"
					onChange={(event) => {
						const other = event.currentTarget.form?.querySelector<HTMLInputElement>(
							`input[name="${name}"][value="${OTHER_COLOUR}"]`,
						)
						if (other) other.checked = true
						onChosen()
					}}
					className="h-11 w-14 cursor-pointer rounded border border-gray-300"
				/>
			</fieldset>
		)
	const materials = surface.name === 'floor' ? FLOOR_MATERIALS : surface.name === 'worktops' ? WORKTOP_MATERIALS : null
	if (materials)
		return (
			<select
				name={name}
				aria-label={`${label}: material`}
				disabled={disabled}
				onChange={onChosen}
				className="ml-7 h-11 w-fit rounded-md border border-gray-300 bg-white px-3 text-sm disabled:opacity-60"
			>
				{materials.map((m) => (
					<option key={m} value={m}>
						{capitalised(m)}
					</option>
				))}
			</select>
		)
	return (
		<input
			type="color"
			name={name}
			defaultValue="#f2ede3"
			aria-label={`${label}: colour`}
			disabled={disabled}
			onChange={onChosen}
			className="ml-7 h-11 w-14 cursor-pointer rounded border border-gray-300 disabled:opacity-60"
		/>
	)
}

function RenovateFields({ panel, errorsId }: { panel: Panel; errorsId: string }) {
	const surfaces = RENOVATED_SURFACES.flatMap((name) => panel.surfaces.filter((s) => s.name === name))
	const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
	const tick = (name: string, on: boolean) =>
		setTicked((current) => {
			const next = new Set(current)
			if (on) next.add(name)
			else next.delete(name)
			return next
		})
	return (
		<>
			<PickablePhoto panel={panel} picked={new Set()} />
			<fieldset className="flex flex-col gap-3" aria-describedby={errorsId}>
				<legend className="mb-1 text-sm font-semibold text-gray-900">What to renovate</legend>
				<p className="text-sm text-muted-foreground">
					Only the surfaces ticked change; the furniture and everything else stay as they are.
				</p>
				{panel.notRenovatable ? (
					<p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
						{panel.notRenovatable}.
					</p>
				) : null}
				{surfaces.length ? null : (
					<p className="text-sm text-gray-900">This photo shows no walls, floor, ceiling or kitchen to renovate.</p>
				)}
				{surfaces.map((surface) => (
					<div key={surface.name} className="flex flex-col gap-1">
						<label
							className={cn(
								'flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium',
								!surface.renovatable && 'cursor-not-allowed text-muted-foreground',
							)}
						>
							<input
								type="checkbox"
								name="surface"
								value={surface.name}
								disabled={!surface.renovatable}
								checked={ticked.has(surface.name)}
								onChange={(event) => tick(surface.name, event.target.checked)}
								className="size-5 accent-brand"
							/>
							{capitalised(surface.name)}
							{surface.renovatable ? null : <span className="font-normal">(needs a staging provider)</span>}
						</label>
						<SurfaceChoice surface={surface} onChosen={() => tick(surface.name, true)} />
					</div>
				))}
			</fieldset>
		</>
	)
}

/**
 * Items removed or surfaces renovated on a room's photo, in a dialog opened from the address (so
 * the server renders it in place, not portalled, and its form works without JavaScript). It posts
 * the page's `edit-room` intent through a fetcher; a refusal shows on the form in core's words, a
 * request closes it and the new variation shows pending in the gallery under its own heading.
 */
export function EditRoomDialog({
	panel,
	refused,
	onClose,
}: {
	panel: EditPanel
	/** the server's answer to a post made without JavaScript */
	refused: SubmissionResult<string[]> | undefined
	onClose: () => void
}) {
	return (
		<Dialog.Root open={!!panel} onOpenChange={(open) => !open && onClose()}>
			{panel ? (
				<EditRoomContent key={`${panel.kind}:${panel.roomId}`} panel={panel} refused={refused} onClose={onClose} />
			) : null}
		</Dialog.Root>
	)
}

function EditRoomContent({
	panel,
	refused,
	onClose,
}: {
	panel: Panel
	refused: SubmissionResult<string[]> | undefined
	onClose: () => void
}) {
	// Its own fetcher each time the panel opens: a request made before must not close it again.
	const fetcher = useFetcher<Reply>()
	const { toast } = useToast()
	const errorsId = useId()
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	const errors = messagesOf(answer?.result ?? refused)
	const busy = fetcher.state !== 'idle'
	const closeHref = stepHref('results')
	const title = EDIT_TITLES[panel.kind]

	useEffect(() => {
		if (!answer?.variation) return
		toast({ description: answer.done ?? 'The edited image is on its way' })
		onClose()
	}, [answer, toast, onClose])

	return (
		<>
			<Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
			<Dialog.Content
				aria-busy={busy}
				className="fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col gap-4 overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(48rem,calc(100vw_-_2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
			>
				<div className="flex items-start justify-between gap-4">
					<div className="flex flex-col gap-1">
						<Dialog.Title className="text-lg font-bold text-gray-900">
							{title}: {panel.roomName}
						</Dialog.Title>
						<Dialog.Description className="text-sm text-muted-foreground">
							{panel.kind === 'remove'
								? 'Pick what should go. The edited image is checked to have removed only that.'
								: 'Pick the surfaces and what they become. The edited image is checked to have changed only those.'}
						</Dialog.Description>
					</div>
					<DialogCloseLink href={closeHref} onClose={onClose} />
				</div>
				{panel.unreadable ? (
					<FormAlert errors={[panel.unreadable]} />
				) : (
					<fetcher.Form
						method="post"
						action={editAction(panel.roomId, panel.kind)}
						preventScrollReset
						className="flex flex-col gap-4"
					>
						<input type="hidden" name="roomId" value={panel.roomId} />
						<input type="hidden" name={EDIT_FIELD} value={panel.kind} />
						<PlainFormReturn step="results" />
						{panel.kind === 'remove' ? (
							<RemoveFields panel={panel} errorsId={errorsId} />
						) : (
							<RenovateFields panel={panel} errorsId={errorsId} />
						)}
						<FormAlert id={errorsId} errors={errors} />
						<div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
							<Link {...closeLinkProps(closeHref, onClose)} className={buttonClasses({ variant: 'outline' })}>
								Cancel
							</Link>
							<Button type="submit" disabled={busy} aria-busy={busy}>
								{busy ? (
									<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
								) : panel.kind === 'remove' ? (
									<Eraser aria-hidden className="size-4" />
								) : (
									<PaintRoller aria-hidden className="size-4" />
								)}
								{busy ? 'Asking…' : title}
							</Button>
						</div>
					</fetcher.Form>
				)}
			</Dialog.Content>
		</>
	)
}

/** The Remove items panel's brush (a pointer's way to add to or take from the selection) and its tools. */
import { Brush, Eraser, MousePointer2, Undo2 } from 'lucide-react'
import { type DragEvent, useId, useRef, useState, type PointerEvent } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import type { Stroke } from '#core/edits/selection.ts'
import { BRUSH_SIZES, extendStroke, MOST_DRAWN_POINTS, MOST_STROKES, pointIn } from './edit-room.ts'

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
export function useBrush() {
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

export type BrushState = ReturnType<typeof useBrush>

/** A stroke as SVG in the overlay's units (the photo's width over its height by 1). */
export function StrokePath({ stroke, aspect, colour }: { stroke: Stroke; aspect: number; colour: string }) {
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

/** Pick, Brush or Erase, the brush's size, Undo and Clear: shown once scripts run, as only a pointer uses them. */
export function BrushTools({ brush }: { brush: BrushState }) {
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

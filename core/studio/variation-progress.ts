import { VARIATIONS_PER_STYLE } from './studio.schema.ts'

/**
 * Render progress, the one rule for every door: the studio's processing step, `rendo status` and
 * `submit --wait`, the bot's /status and its batch message. Browser-safe: the workflow imports it.
 */

type RoomStyles = { id: string; selectedStyles: readonly string[] }
type VariationState = { roomId: string; style: string; status: string }

export interface VariationCounts {
	/** what was asked for: three per style, or the count a request named, plus one per remodel */
	expected: number
	completed: number
	failed: number
	/** still to come: expected less completed and failed */
	pending: number
}

/**
 * Styles requested for a room: those the room lists, plus any a variation row shows, so a room
 * whose list lags behind its rows still counts them.
 */
export function requestedStyles(room: RoomStyles, variations: readonly VariationState[]): string[] {
	const styles = new Set(room.selectedStyles)
	for (const v of variations) if (v.roomId === room.id) styles.add(v.style)
	return [...styles]
}

/**
 * One room and style's variations against what was asked for. A request writes all its rows,
 * pending, in the transaction that records it, so the rows are what was asked for, whatever count
 * the request named. `awaitingRows`: the caller has asked for the style and may not have seen its
 * rows yet (the studio counts a request as soon as it is answered, before the next poll); until
 * they show, it expects the three that processing asks for.
 */
export function styleProgress(rows: readonly { status: string }[], { awaitingRows = false } = {}): VariationCounts {
	const completed = rows.filter((v) => v.status === 'completed').length
	const failed = rows.filter((v) => v.status === 'failed').length
	const expected = rows.length || (awaitingRows ? VARIATIONS_PER_STYLE : 0)
	return { expected, completed, failed, pending: expected - completed - failed }
}

/** Each requested style of a room with its variation rows and their counts. */
export function roomProgress<V extends VariationState>(
	room: RoomStyles,
	variations: readonly V[],
	opts: { awaitingRows?: boolean } = {},
) {
	return requestedStyles(room, variations).map((style) => {
		const rows = variations.filter((v) => v.roomId === room.id && v.style === style)
		return { style, rows, ...styleProgress(rows, opts) }
	})
}

export function totalProgress(parts: readonly VariationCounts[]): VariationCounts {
	const total = { expected: 0, completed: 0, failed: 0, pending: 0 }
	for (const part of parts) {
		total.expected += part.expected
		total.completed += part.completed
		total.failed += part.failed
		total.pending += part.pending
	}
	return total
}

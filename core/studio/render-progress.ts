import type { Actor } from '#core/accounts/actor.ts'
import { getProject } from './projects.ts'
import { listRooms } from './rooms.ts'
import { listVariations } from './variations.ts'
import { openCheckNote, type RoomView, type VariationView } from './views.ts'
import { roomProgress, totalProgress } from './variation-progress.ts'

export interface StyleProgress {
	style: string
	expected: number
	done: number
	failed: number
	pending: number
	/** distinct failure messages of this room and style */
	errors: string[]
	/** images of this style the room check flagged that wait for the agent's look, each with what may have changed */
	checks: Array<{ variationId: string; note: string }>
	/** what the room check saw each image of this style add and take away, where it saw something; `position` numbers the images as the gallery does (variation 2) */
	contents: Array<{ variationId: string; position: number; sentence: string }>
}

type StyleRows = ReturnType<typeof roomProgress<VariationView>>[number]

const styleView = ({ style, rows, expected, completed, failed, pending }: StyleRows): StyleProgress => ({
	style,
	expected,
	done: completed,
	failed,
	pending,
	errors: [...new Set(rows.flatMap((v) => (v.status === 'failed' && v.errorMessage ? [v.errorMessage] : [])))],
	checks: rows.flatMap((v) => {
		const note = openCheckNote(v.roomCheck)
		return note ? [{ variationId: v.id, note }] : []
	}),
	contents: rows.flatMap((v, i) => {
		const sentence = v.roomCheck?.contentsSentence
		return sentence ? [{ variationId: v.id, position: i + 1, sentence }] : []
	}),
})

/** A room's requested styles, each with its variations done of those expected and its failures. */
export function roomStyles(room: RoomView, variations: readonly VariationView[]) {
	return roomProgress(room, variations).map(styleView)
}

/**
 * Where a project's renders stand, per room and style: variations done of those expected, the
 * failures with their messages. `roomIds` narrows it to some rooms (those a command just sent).
 */
export async function renderProgress(actor: Actor, projectId: string, { roomIds }: { roomIds?: string[] } = {}) {
	const [project, variations] = await Promise.all([getProject(actor, projectId), listVariations(actor, projectId)])
	// Rooms after their variations: a room is settled in the transaction that ends its last pending
	// variation, so rooms read afterwards are never older than the variations.
	const allRooms = await listRooms(actor, projectId)
	const wanted = roomIds ? new Set(roomIds) : null
	const shown = allRooms.filter((room) => !wanted || wanted.has(room.id))
	const styles = shown.map((room) => roomProgress(room, variations))
	const rooms = shown.map((room, i) => ({
		id: room.id,
		name: room.roomName ?? room.roomType,
		roomType: room.roomType,
		status: room.status,
		styles: styles[i].map(styleView),
	}))
	const { expected, completed, failed, pending } = totalProgress(styles.flat())
	const checks = rooms.reduce((n, room) => n + room.styles.reduce((m, style) => m + style.checks.length, 0), 0)
	return { project, rooms, totals: { rooms: rooms.length, expected, done: completed, failed, pending, checks } }
}
export type RenderProgress = Awaited<ReturnType<typeof renderProgress>>

import type { Actor } from '#core/accounts/actor.ts'
import { getProject } from './projects.ts'
import { listRooms } from './rooms.ts'
import { listVariations } from './variations.ts'

export interface StyleProgress {
	style: string
	expected: number
	done: number
	failed: number
	pending: number
	/** distinct failure messages of this room and style */
	errors: string[]
}

type Counts = Pick<StyleProgress, 'expected' | 'done' | 'failed' | 'pending'>

const zero = (): Counts => ({ expected: 0, done: 0, failed: 0, pending: 0 })

function count(into: Counts, status: string) {
	into.expected++
	if (status === 'completed') into.done++
	else if (status === 'failed') into.failed++
	else into.pending++
}

/**
 * Where a project's renders stand, per room and style: variations done of those expected, the
 * failures with their messages. `roomIds` narrows it to some rooms (those a command just sent).
 */
export async function renderProgress(actor: Actor, projectId: string, { roomIds }: { roomIds?: string[] } = {}) {
	const [project, allRooms, variations] = await Promise.all([
		getProject(actor, projectId),
		listRooms(actor, projectId),
		listVariations(actor, projectId),
	])
	const wanted = roomIds ? new Set(roomIds) : null
	const rooms = allRooms
		.filter((room) => !wanted || wanted.has(room.id))
		.map((room) => {
			const styles = new Map<string, StyleProgress>(
				room.selectedStyles.map((style) => [style, { style, ...zero(), errors: [] }]),
			)
			for (const v of variations) {
				if (v.roomId !== room.id) continue
				let entry = styles.get(v.style)
				if (!entry) styles.set(v.style, (entry = { style: v.style, ...zero(), errors: [] }))
				count(entry, v.status)
				if (v.status === 'failed' && v.errorMessage && !entry.errors.includes(v.errorMessage)) entry.errors.push(v.errorMessage)
			}
			return { id: room.id, name: room.roomName ?? room.roomType, roomType: room.roomType, status: room.status, styles: [...styles.values()] }
		})
	const totals = zero()
	for (const v of variations) if (!wanted || wanted.has(v.roomId)) count(totals, v.status)
	return { project, rooms, totals: { rooms: rooms.length, ...totals } }
}
export type RenderProgress = Awaited<ReturnType<typeof renderProgress>>

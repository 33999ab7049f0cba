import type { Task } from 'graphile-worker'
import { BrochureRoomJob } from '#core/brochures/jobs.ts'
import { renderBrochureRoom } from '#core/brochures/render-room.ts'

export const brochureRoomTask: Task = async (payload) => {
	await renderBrochureRoom(BrochureRoomJob.parse(payload).roomImageId)
}

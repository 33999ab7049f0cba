import type { Task } from 'graphile-worker'
import { BrochureRoomJob } from '#core/brochures/jobs.ts'
import { renderBrochureRoom } from '#core/brochures/render-room.ts'

export const brochureRoomTask: Task = async (payload, helpers) => {
	const { roomImageId } = BrochureRoomJob.parse(payload)
	await renderBrochureRoom(roomImageId, { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts })
}

import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { sameRoomErrorKey } from '#app/components/studio/room-views.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { roomLabel } from '#core/studio/labels.ts'
import { setSameRoom } from '#core/studio/room-views.ts'
import { listRooms } from '#core/studio/rooms.ts'
import type { ProjectIntentContext, ProjectIntents } from './project-intent.server.ts'
import { knownFailure, stepAfterPlainForm, stepUrl } from './project-replies.server.ts'

/**
 * A photo's "Same room as" choice on the room step: `roomId` and `sameRoomAs` (a room id, or empty
 * for none). Core decides (same project and room type, no chains); its refusal is answered under the
 * photo's own key, so the page shows it beside that photo. The workflow's fetcher gets the room
 * back; a plain form is redirected to the step it came from.
 */
async function sameRoom({ request, actor, project }: ProjectIntentContext) {
	const form = await request.formData()
	const next = stepAfterPlainForm(form)
	const roomId = String(form.get('roomId') ?? '')
	const sameRoomAs = String(form.get('sameRoomAs') ?? '') || null
	try {
		// Only this project's photos are marked from its page.
		const rooms = await listRooms(actor, project.id)
		if (!rooms.some((room) => room.id === roomId)) throw new NotFoundError('Room not found')
		const room = await setSameRoom(actor, roomId, { sameRoomAs })
		const first = rooms.find((r) => r.id === room.sameRoomAs)
		if (next)
			return redirectWithToast(stepUrl(project, next), {
				type: 'success',
				description: first
					? `${roomLabel(room)} marked as another view of ${roomLabel(first)}`
					: `${roomLabel(room)} is a room of its own`,
			})
		return data({ result: { status: 'success' } satisfies SubmissionResult<string[]>, room })
	} catch (error) {
		const result: SubmissionResult<string[]> = {
			status: 'error',
			error: { [sameRoomErrorKey(roomId)]: [knownFailure(error)] },
		}
		return data({ result }, { status: 400 })
	}
}

export const roomViewIntents: ProjectIntents = { 'same-room': sameRoom }

import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import {
	EDIT_FIELD,
	editOpened,
	type EditPanel,
	OTHER_COLOUR,
	STROKES_FIELD,
} from '#app/components/studio/edit-room.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { editRoom, listObjects } from '#core/edits/edit-room.ts'
import { RENOVATED_SURFACES } from '#core/edits/edit.schema.ts'
import { InputError, NotFoundError } from '#core/errors.ts'
import { roomLabel } from '#core/studio/labels.ts'
import { listRooms } from '#core/studio/rooms.ts'
import type { ProjectView } from '#core/studio/views.ts'
import type { ProjectIntentContext, ProjectIntents } from './project-intent.server.ts'
import { knownFailure, stepAfterPlainForm, stepUrl } from './project-replies.server.ts'

/** Only this project's photos are edited from its page. */
async function roomOf(actor: Actor, project: ProjectView, roomId: string) {
	const room = (await listRooms(actor, project.id)).find((r) => r.id === roomId)
	if (!room) throw new NotFoundError('Room not found')
	return room
}

/**
 * The edit panel the address opens (?edit=remove|renovate&room=<id>): the room's detected objects
 * and surfaces, read from its photo's label map (kept by the segmenter, so a reopening is quick).
 * Served by the page's loader, so the panel and its checkbox form show without JavaScript too; a
 * photo that cannot be read answers with why, in the panel.
 */
export async function editPanelOf(actor: Actor, project: ProjectView, search: URLSearchParams): Promise<EditPanel> {
	const opened = editOpened(search)
	if (!opened) return null
	const room = await roomOf(actor, project, opened.roomId).catch(() => null)
	if (!room) return null
	const base = { kind: opened.kind, roomId: room.id, roomName: roomLabel(room), photo: room.original }
	try {
		const { objects, surfaces, notRenovatable } = await listObjects(actor, room.id)
		return { ...base, objects, surfaces, unreadable: null, notRenovatable }
	} catch (error) {
		return { ...base, objects: [], surfaces: [], unreadable: knownFailure(error), notRenovatable: null }
	}
}

/**
 * The brush's strokes as the panel sends them, one JSON field; none when it is absent or empty.
 * Text that is not JSON goes to core as it is, so its schema refuses it in its own words (a 400),
 * like any other stroke it does not take.
 */
function strokesOf(form: FormData): unknown {
	const sent = String(form.get(STROKES_FIELD) ?? '').trim()
	if (!sent) return []
	try {
		return JSON.parse(sent)
	} catch {
		return sent
	}
}

/** A form's ticks as the service's input: the objects' ids and brush strokes, or each ticked surface with what it becomes. */
function editInput(form: FormData) {
	if (form.get(EDIT_FIELD) === 'renovate') {
		const ticked = new Set(form.getAll('surface').map(String))
		// A swatch is the colour itself; 'other' points to the colour picked beside the swatches.
		const becomes = (s: string) => {
			const chosen = String(form.get(`becomes.${s}`) ?? '')
			return chosen === OTHER_COLOUR ? String(form.get(`other.${s}`) ?? '') : chosen
		}
		const renovate = Object.fromEntries(RENOVATED_SURFACES.filter((s) => ticked.has(s)).map((s) => [s, becomes(s)]))
		return { renovate }
	}
	return { remove: form.getAll('remove').map(String), strokes: strokesOf(form) }
}

/**
 * Items removed or surfaces renovated, from the gallery's edit panel: `roomId`, `kind`, and the
 * ticked objects (`remove`) with the brush's `strokes`, or surfaces (`surface`, each with
 * `becomes.<surface>`). Core queues one more variation of the room ('remove' or 'renovate'),
 * refusing in one line what it cannot do; the refusal is answered under its field, so the panel
 * (reopened from the address without JavaScript) shows it. A fetcher gets the variation back; a plain form goes to the gallery with a toast.
 */
async function editRoomIntent({ request, actor, project }: ProjectIntentContext) {
	const form = await request.formData()
	const next = stepAfterPlainForm(form)
	const roomId = String(form.get('roomId') ?? '')
	try {
		const room = await roomOf(actor, project, roomId)
		const { variation } = await editRoom(actor, room.id, editInput(form))
		const done =
			variation.style === 'remove'
				? `Removing the items from ${roomLabel(room)}: the edited image is on its way`
				: `Renovating ${roomLabel(room)}: the edited image is on its way`
		if (next) return redirectWithToast(stepUrl(project, next), { type: 'success', description: done })
		return data({ result: { status: 'success' } satisfies SubmissionResult<string[]>, variation, done })
	} catch (error) {
		const message = knownFailure(error)
		const fieldErrors = error instanceof InputError && Object.keys(error.fieldErrors).length ? error.fieldErrors : null
		const result: SubmissionResult<string[]> = { status: 'error', error: fieldErrors ?? { '': [message] } }
		return data({ result }, { status: 400 })
	}
}

export const editIntents: ProjectIntents = { 'edit-room': editRoomIntent }

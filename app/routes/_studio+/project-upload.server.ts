import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { parseUploads, type UploadedFile } from '#app/utils/upload.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { confirmRoomTypes } from '#core/studio/confirm-rooms.ts'
import { pluralise } from '#core/studio/labels.ts'
import { roomNamesFor } from '#core/studio/room-names.ts'
import { guessRoomType } from '#core/studio/room-type-guess.ts'
import { listRooms, uploadRoom } from '#core/studio/rooms.ts'
import {
	ConfirmRoomsSchema,
	MAX_PHOTOS_PER_UPLOAD,
	MAX_UPLOAD_BYTES,
	PHOTO_FIELD,
	photoTooLarge,
	TOO_MANY_PHOTOS,
	UploadPhotosSchema,
} from '#core/studio/studio.schema.ts'
import type { ProjectView, RoomView } from '#core/studio/views.ts'
import { failureReply, knownFailure, stepAfterPlainForm, stepUrl } from './project-replies.server.ts'
import type { ProjectIntentContext, ProjectIntents } from './project-intent.server.ts'

const NO_PHOTO = 'Please select an image to upload'

function formDataOf(fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	return form
}

/**
 * Stores each photo as a room, one after another so their names count on from the project's
 * rooms. A photo that fails says why; the others are still kept.
 */
async function storePhotos(
	actor: Actor,
	project: ProjectView,
	files: UploadedFile[],
	fields: { roomType?: RoomView['roomType']; roomName?: string; hasFurniture: boolean },
) {
	const types = files.map((file) => fields.roomType ?? guessRoomType(file.name))
	const names = fields.roomName ? [fields.roomName] : roomNamesFor(types, await listRooms(actor, project.id))
	const rooms: RoomView[] = []
	const failures: { name: string; reason: string }[] = []
	for (const [i, file] of files.entries()) {
		try {
			rooms.push(
				await uploadRoom(
					actor,
					{ projectId: project.id, roomType: types[i], roomName: names[i], hasFurniture: fields.hasFurniture },
					file,
				),
			)
		} catch (error) {
			failures.push({ name: file.name, reason: knownFailure(error) })
		}
	}
	return { rooms, failures }
}

/**
 * Photos as new rooms. A plain form (JavaScript off) sends several with one furniture flag and
 * is redirected to confirm their room types; the workflow's own upload sends one photo, already
 * confirmed, and reads the rooms from the answer.
 */
async function upload({ request, actor, project }: ProjectIntentContext) {
	let parsed: Awaited<ReturnType<typeof parseUploads>>
	try {
		parsed = await parseUploads(request, {
			fileField: PHOTO_FIELD,
			maxFiles: MAX_PHOTOS_PER_UPLOAD,
			maxBytes: MAX_UPLOAD_BYTES,
			tooLarge: photoTooLarge,
			tooMany: TOO_MANY_PHOTOS,
		})
	} catch (error) {
		if (!(error instanceof InputError)) throw error
		return failureReply([error.message])
	}
	try {
		const submission = parseWithZod(formDataOf(parsed.fields), { schema: UploadPhotosSchema })
		if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
		if (!parsed.files.length) return data({ result: submission.reply({ formErrors: [NO_PHOTO] }) }, { status: 400 })
		const { rooms, failures } = await storePhotos(actor, project, parsed.files, submission.value)
		const next = stepAfterPlainForm(parsed.fields)
		// The workflow shows 'Failed to upload image' beside its one photo; a plain form lists each.
		const messages = failures.map(({ name, reason }) => (next ? `Failed to upload image ${name}: ${reason}` : reason))
		if (failures.length) return data({ result: submission.reply({ formErrors: messages }), rooms }, { status: 400 })
		if (next)
			return redirectWithToast(stepUrl(project, next), {
				type: 'success',
				description: `${pluralise(rooms.length, 'photo')} uploaded`,
			})
		return data({ result: submission.reply(), rooms })
	} finally {
		await parsed.cleanup()
	}
}

/** The room types of rooms uploaded by a plain form, then on to the styles. */
async function confirmRooms({ request, actor, project }: ProjectIntentContext) {
	const submission = parseWithZod(await request.formData(), { schema: ConfirmRoomsSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		await confirmRoomTypes(actor, project.id, submission.value)
	} catch (error) {
		return data({ result: submission.reply({ formErrors: [knownFailure(error)] }) }, { status: 400 })
	}
	return redirectWithToast(stepUrl(project, 'style-selection'), { type: 'success', description: 'Rooms confirmed' })
}

export const uploadIntents: ProjectIntents = { upload, 'confirm-rooms': confirmRooms }

import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { parseUploads, type UploadedFile } from '#app/utils/upload.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { confirmRoomTypes } from '#core/studio/confirm-rooms.ts'
import { pluralise } from '#core/studio/labels.ts'
import { removeRoom } from '#core/studio/remove-room.ts'
import { uploadRoom } from '#core/studio/rooms.ts'
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
 * Stores each photo as a room, its type suggested by what it shows (confirmed next). A photo that
 * fails says why; the others are still kept.
 */
async function storePhotos(actor: Actor, project: ProjectView, files: UploadedFile[], hasFurniture: boolean) {
	const rooms: RoomView[] = []
	const failures: { name: string; reason: string }[] = []
	for (const file of files) {
		try {
			rooms.push(await uploadRoom(actor, { projectId: project.id, hasFurniture }, file))
		} catch (error) {
			failures.push({ name: file.name, reason: knownFailure(error) })
		}
	}
	return { rooms, failures }
}

/**
 * Photos as new rooms, from a plain form (JavaScript off): several with one furniture flag, then
 * on to confirm their room types. (With JavaScript each photo goes up on its own as it is chosen,
 * through the JSON API's upload, which answers refusals and failures apart.)
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
		const { rooms, failures } = await storePhotos(actor, project, parsed.files, submission.value.hasFurniture)
		const messages = failures.map(({ name, reason }) => `Failed to upload image ${name}: ${reason}`)
		if (failures.length) return data({ result: submission.reply({ formErrors: messages }), rooms }, { status: 400 })
		return redirectWithToast(stepUrl(project, stepAfterPlainForm(parsed.fields) ?? 'room-confirmation'), {
			type: 'success',
			description: `${pluralise(rooms.length, 'photo')} uploaded`,
		})
	} finally {
		await parsed.cleanup()
	}
}

/** A photo taken back before it was staged (the upload step's Remove). */
async function removePhoto({ request, actor, project }: ProjectIntentContext) {
	const roomId = String((await request.formData()).get('roomId') ?? '')
	try {
		await removeRoom(actor, project.id, roomId)
	} catch (error) {
		return failureReply([knownFailure(error)])
	}
	return data({ removed: roomId })
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

export const uploadIntents: ProjectIntents = { upload, 'confirm-rooms': confirmRooms, 'remove-photo': removePhoto }

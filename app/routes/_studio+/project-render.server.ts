import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import type { PhotoEditRefusals } from '#app/components/studio/style-notes.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { photoLabel, pluralise, styleLabel } from '#core/studio/labels.ts'
import { PHOTO_EDITS } from '#core/render/provider.ts'
import { processRoom, remodelRoom } from '#core/studio/process-room.ts'
import { renderOptionsOf } from '#core/studio/render-options.ts'
import { restageViews } from '#core/studio/room-views.ts'
import { listRooms } from '#core/studio/rooms.ts'
import {
	ProcessChoicesSchema,
	RemodelFormSchema,
	RestageViewsFormSchema,
	STYLE_CHOICE,
	ToggleFavoriteSchema,
	VARIATIONS_PER_STYLE,
} from '#core/studio/studio.schema.ts'
import { answerRoomCheck, RoomCheckAnswerSchema } from '#core/studio/room-check-answers.ts'
import { setFavorite } from '#core/studio/variations.ts'
import type { ProjectView } from '#core/studio/views.ts'
import type { ProjectIntentContext, ProjectIntents } from './project-intent.server.ts'
import { knownFailure, stepAfterPlainForm, stepUrl } from './project-replies.server.ts'

/** The photo edits the configured provider cannot make, each with core's reason: greyed out on the style step. */
export function photoEditRefusals(): PhotoEditRefusals {
	const { unavailable } = renderOptionsOf()
	return Object.fromEntries(PHOTO_EDITS.flatMap((edit) => (unavailable[edit] ? [[edit, unavailable[edit]]] : [])))
}

/**
 * One request per ticked room and style (spec 02 §7): a failure warns about that photo and
 * style only, and the others carry on. Returns the warnings.
 */
async function processChoices(actor: Actor, project: ProjectView, choices: string[]) {
	const rooms = await listRooms(actor, project.id)
	const failures: string[] = []
	for (const choice of choices) {
		const [, roomId, style] = STYLE_CHOICE.exec(choice) ?? []
		const room = rooms.find((r) => r.id === roomId)
		try {
			await processRoom(actor, roomId, {
				styles: [style],
				// A stand-in type nobody chose is not passed on as a choice: core asks for one.
				roomType: room?.roomTypeBy === 'nobody' ? undefined : room?.roomType,
				variationCount: VARIATIONS_PER_STYLE,
				hasFurniture: room?.hasFurniture,
			})
		} catch (error) {
			const photo = room ? photoLabel(room, rooms.indexOf(room)) : 'a photo'
			failures.push(`Failed to process ${photo} with ${styleLabel(style)} style: ${knownFailure(error)}`)
		}
	}
	return failures
}

/** The ticked styles of every room, in one post; on to the progress unless every request failed. */
async function processImages({ request, actor, project }: ProjectIntentContext) {
	const submission = parseWithZod(await request.formData(), { schema: ProcessChoicesSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const failures = await processChoices(actor, project, submission.value.choices)
	if (failures.length === submission.value.choices.length)
		return data({ result: submission.reply({ formErrors: failures }), processingFailed: true }, { status: 400 })
	return redirectWithToast(
		stepUrl(project, 'processing'),
		failures.length
			? { type: 'error', title: 'Processing Warning', description: failures.join(' ') }
			: { type: 'success', description: 'Processing started' },
	)
}

/**
 * A tap in the gallery: the workflow's fetcher gets the answer (the variation) and stays put; a plain
 * form is redirected to the step it came from, with a toast saying what happened.
 */
async function galleryTap<Schema extends z.ZodTypeAny>(
	{ request, project }: ProjectIntentContext,
	schema: Schema,
	failed: string,
	run: (input: z.output<Schema>) => Promise<{ done: string } & Record<string, unknown>>,
) {
	const form = await request.formData()
	const next = stepAfterPlainForm(form)
	const submission = parseWithZod(form, { schema })
	const refuse = () =>
		next
			? redirectWithToast(stepUrl(project, next), { type: 'error', title: 'Error', description: failed })
			: data({ result: submission.reply({ formErrors: [failed] }) }, { status: 400 })
	if (submission.status !== 'success') return refuse()
	try {
		const { done, ...answer } = await run(submission.value)
		if (next) return redirectWithToast(stepUrl(project, next), { type: 'success', description: done })
		return data({ result: submission.reply(), ...answer })
	} catch (error) {
		knownFailure(error)
		return refuse()
	}
}

const favorite = (context: ProjectIntentContext) =>
	galleryTap(context, ToggleFavoriteSchema, 'Failed to update favorite status', async (input) => {
		const variation = await setFavorite(context.actor, input.variationId, input.isFavorite)
		return { variation, done: variation.isFavorite ? 'Added to favorites' : 'Removed from favorites' }
	})

const remodel = (context: ProjectIntentContext) =>
	galleryTap(context, RemodelFormSchema, 'Failed to generate more variations', async (input) => {
		const { variation } = await remodelRoom(context.actor, input.roomId, { style: input.style, count: 1 })
		return { variation, done: `Generating another ${styleLabel(variation.style)} variation` }
	})

const roomCheck = (context: ProjectIntentContext) =>
	galleryTap(context, RoomCheckAnswerSchema, 'Failed to answer the room check', async (input) => {
		const { variation, replacement } = await answerRoomCheck(context.actor, input)
		return {
			variation,
			done: replacement
				? `A free replacement ${styleLabel(variation.style)} variation is on its way`
				: 'Kept: you have looked at it',
		}
	})

const restageViewsTap = (context: ProjectIntentContext) =>
	galleryTap(context, RestageViewsFormSchema, 'Failed to restage the other views', async (input) => {
		const { variations } = await restageViews(context.actor, input.variationId)
		return {
			variations,
			done: variations.length
				? `Restaging ${pluralise(variations.length, 'other view')} to match`
				: 'The other views already match this image',
		}
	})

export const renderIntents: ProjectIntents = {
	process: processImages,
	favorite,
	remodel,
	'restage-views': restageViewsTap,
	'room-check': roomCheck,
}

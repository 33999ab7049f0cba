import { and, eq, notInArray } from 'drizzle-orm'
import { stagingRenders, type StagingRender } from '#db/schema/staging.ts'
import type { PhotoEdit, RoomType, Style } from '#core/render/provider.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { isFitted, type FittedImage, type UnusableImage } from './fit.ts'
import { requestStaging, type Purpose } from './request.ts'

/**
 * A second opinion: when the room check cannot pass an image of a vendor's answer, the vendor is
 * asked once more for that many images, and each slot keeps the better of its two. It is asked for
 * an answer that is no image of the room (blank, one colour, undecodable, wildly wrong-sized)
 * whenever the check runs, and, with ROOM_CHECK=replace, for one the check flagged ('check' or
 * 'unaligned'). The request waits as 'rechecking', its answer kept in storage, until the second
 * opinion is delivered or fails; then the purpose hears once, about the request it asked for, so
 * every purpose (studio, trial, quick transform, brochure) gets this without knowing of it.
 *
 * Exactly once: the second request is keyed by the first's subject key, inserted in the same
 * transaction that marks the first 'rechecking', and a second opinion never asks for a third.
 */

type Answer = FittedImage | UnusableImage

export const isRechecking = (row: StagingRender) => row.state === 'rechecking'

/** Whether the room check could not pass this image, so a second opinion is worth asking for. */
export function wantsAgain(image: Answer) {
	if (!isFitted(image)) return true
	return config().render.roomCheck === 'replace' && image.check !== null && image.check.verdict !== 'ok'
}

/** How many images of a first answer to ask for again (0: deliver it as it is). */
export function secondOpinionCount(row: StagingRender, answer: Answer[]) {
	if (row.secondOpinionOf) return 0
	return answer.filter(wantsAgain).length
}

/** Asks the vendor again for `count` images of the request, which waits for them as 'rechecking'. */
export async function askSecondOpinion(row: StagingRender, count: number) {
	await db.transaction(async (tx) => {
		const [waiting] = await tx
			.update(stagingRenders)
			.set({ state: 'rechecking' })
			.where(and(eq(stagingRenders.id, row.id), notInArray(stagingRenders.state, ['delivered', 'failed'])))
			.returning({ id: stagingRenders.id })
		if (!waiting) return
		await requestStaging(tx, {
			purpose: row.purpose as Purpose,
			subject: row.subject as Record<string, unknown>,
			subjectKey: `${row.subjectKey}:again`,
			originalKey: row.originalKey,
			roomType: row.roomType as RoomType,
			style: row.style as Style | null,
			edit: row.edit as PhotoEdit | null,
			// An edit asked again is the same edit: its scope goes with it.
			scope: row.scope && row.scopeMaskKey ? { words: row.scope, maskKey: row.scopeMaskKey } : undefined,
			removeFurniture: row.removeFurniture,
			count,
			// New takes, after the first answer's.
			firstIndex: row.firstIndex + row.count,
			priority: row.priority,
			// A deferred vendor adds the variations to the same render: no second upload.
			continuesKey: row.subjectKey,
			secondOpinionOf: row.id,
			// The same generation asked again later (a regenerate) may want a second opinion again.
			renew: true,
		})
	})
}

// Lower is better: an image of the room before none, one that passed before one flagged, one
// matched to the photo before one that could not be, and of two flagged the smaller changed area.
function standing(image: Answer | undefined): [number, number] {
	if (!image || !isFitted(image)) return [3, 0]
	const check = image.check
	if (!check || check.verdict === 'ok') return [0, 0]
	if (check.verdict === 'unaligned') return [2, 0]
	return [1, check.regions.reduce((area, r) => area + r.width * r.height, 0)]
}

function better(first: Answer, second: Answer | undefined) {
	const [a, b] = [standing(first), standing(second)]
	return second && (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1])) ? second : first
}

/**
 * The first answer with each image it asked again for replaced by its second opinion where that is
 * better (in order; a second opinion with fewer images leaves the rest as they were).
 */
export function keepTheBetter(first: Answer[], second: Answer[]) {
	let next = 0
	return first.map((image) => (wantsAgain(image) ? better(image, second[next++]) : image))
}

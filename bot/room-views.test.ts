import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, expect, test, vi } from 'vitest'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { telegramIntakes } from '#db/schema/telegram.ts'
import { db } from '#core/platform/db.ts'
import { createProject } from '#core/studio/projects.ts'
import { listRooms } from '#core/studio/rooms.ts'
import { submitIntake, VIEWS_CHANGED, VIEWS_UNANSWERED } from '#core/telegram/intake.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { smallRoomPhoto } from '#tests/studio.ts'
import { linkAccount, runBotDuringFile } from '#tests/telegram/bot-harness.ts'
import { FakeBotApi, telegramUser } from '#tests/telegram/fake-bot-api.ts'
import { shortId } from './callback-data.ts'

const fake = await vi.hoisted(() =>
	import('#tests/telegram/fake-bot-api.ts').then((m) => m.FakeBotApi.startAsConfigured()),
)
afterAll(() => FakeBotApi.forgetSettings())
runBotDuringFile(fake)

async function drainIncludingLater() {
	await drainJobs()
	await db.execute(sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`)
	await drainJobs()
}

type Markup = { inline_keyboard: Array<Array<{ text: string }>> } | undefined
const labels = (markup: Markup) => markup?.inline_keyboard.flat().map((b) => b.text) ?? []

/** An album with these captions, the property chosen and Modern ticked: the styles message. */
async function album(telegramUserId: number, captions: Array<string | undefined>) {
	const user = await insertUser()
	await linkAccount(user, telegramUserId)
	const project = await createProject(actorFor(user), { propertyAddress: `${telegramUserId} View Street` })
	const tg = telegramUser(telegramUserId)
	const since = fake.calls.length
	const photo = await smallRoomPhoto()
	for (const caption of captions)
		fake.sendPhoto(tg, fake.registerFile(photo), { caption, mediaGroupId: `album-${telegramUserId}` })
	fake.press(tg, await fake.waitForMessage('Which property', { since }), project.propertyAddress)
	const styles = await fake.waitForMessage('Choose styles', { since })
	await fake.waitFor('sendMessage', (c) => String(c.params.text).startsWith(`Photo ${captions.length}: which room`), {
		since,
	})
	fake.press(tg, styles, 'Modern')
	await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('This will generate'), { since })
	return { actor: actorFor(user), project, tg, styles, since }
}

test('an album with two photos of one room type asks once whether they are one room; "Same room" marks the second a view of the first before processing', async () => {
	const { actor, project, tg, styles, since } = await album(8101, ['Kitchen', undefined, undefined])
	fake.press(tg, styles, 'Process')
	const question = await fake.waitForMessage('are all Living Room', { since })
	expect(question.text).toBe(
		'Photos 2 and 3 are all Living Room. Are they views of the same room? If so, the first is staged first and the others to match it.',
	)
	expect(labels(question.reply_markup as Markup)).toEqual(['Same room', 'Different rooms'])
	// Nothing is processed until it is answered.
	const [open] = await db.select().from(telegramIntakes).where(eq(telegramIntakes.telegramUserId, tg.id))
	expect(open.step).toBe('details')

	fake.press(tg, question, 'Same room')
	await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('Processing 3 photos in Modern'), {
		since,
	})
	expect(fake.message(question.message_id).text).toContain(
		'Photos 2 and 3 (Living Room): views of one room, staged to match photo 2',
	)
	// One question only: there is one room type with several photos.
	expect(fake.calls.slice(since).filter((c) => String(c.params.text).includes('Are they views')).length).toBe(1)

	await drainJobs()
	const rooms = await listRooms(actor, project.id)
	expect(rooms.map((r) => [r.roomType, r.sameRoomAs])).toEqual([
		['kitchen', null],
		['living', null],
		['living', rooms[1].id],
	])
	await drainIncludingLater()
	const variations = await db
		.select({ roomId: propertyStudioVariations.roomId, note: propertyStudioVariations.stagingNote })
		.from(propertyStudioVariations)
		.where(
			inArray(
				propertyStudioVariations.roomId,
				rooms.map((r) => r.id),
			),
		)
	expect(variations.filter((v) => v.roomId !== rooms[2].id).every((v) => v.note === null)).toBe(true)
	const viewNotes = variations.filter((v) => v.roomId === rooms[2].id).map((v) => v.note)
	expect(viewNotes).toHaveLength(3)
	for (const note of viewNotes)
		expect(note).toMatch(/^Staged on its own: .* does not stage views of one room together yet$/)
})

test('two room types with several photos: one question each; "Different rooms" leaves them apart, and answers that no longer fit the batch are refused', async () => {
	const { actor, project, tg, styles, since } = await album(8102, ['bedroom', 'bedroom', 'lounge', 'living room'])
	fake.press(tg, styles, 'Process')
	const living = await fake.waitForMessage('Photos 3 and 4 are all Living Room', { since })
	const [intake] = await db.select().from(telegramIntakes).where(eq(telegramIntakes.telegramUserId, tg.id))

	// Closing the batch without the answers is refused by core.
	await expect(submitIntake(actor, intake.id, living.message_id)).rejects.toThrow(VIEWS_UNANSWERED)
	// A forged answer for a room type with one photo, or the batch closed early without answers: core says no.
	fake.pressData(tg, living, `sv:${shortId(intake.id)}:0s`)
	await fake.waitFor('answerCallbackQuery', (c) => c.params.text === VIEWS_CHANGED, { since })
	fake.pressData(tg, living, `sv:${shortId(intake.id)}:1d`)
	const bedroom = await fake.waitForMessage('Photos 1 and 2 are all Bedroom', { since })
	expect(fake.message(living.message_id).text).toBe('Photos 3 and 4 (Living Room): different rooms')

	fake.press(tg, bedroom, 'Same room')
	await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('Processing 4 photos in Modern'), {
		since,
	})
	const status = fake.message(bedroom.message_id).text!
	expect(status).toContain('Photos 1 and 2 (Bedroom): views of one room, staged to match photo 1')
	expect(status).not.toContain('Living Room')

	await drainJobs()
	const rooms = await listRooms(actor, project.id)
	expect(rooms.map((r) => [r.roomType, r.sameRoomAs])).toEqual([
		['bedroom', null],
		['bedroom', rooms[0].id],
		['living', null],
		['living', null],
	])
})

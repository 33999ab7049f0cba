import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { telegramIntakes } from '#db/schema/telegram.ts'
import { db } from '#core/platform/db.ts'
import { UNAUTHORIZED_PROJECT } from '#core/studio/access.ts'
import { createProject, listProjects } from '#core/studio/projects.ts'
import { listRooms } from '#core/studio/rooms.ts'
import { listVariations } from '#core/studio/variations.ts'
import { BATCH_CLOSED } from '#core/telegram/intake.ts'
import { IMAGE_TOO_LARGE } from '#core/studio/studio.schema.ts'
import { PREVIEW_CANNOT_EDIT } from '#core/render/local-preview.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { getRequest } from '#tests/request.ts'
import { cookieFor, smallRoomPhoto } from '#tests/studio.ts'
import { linkAccount, runBotDuringFile } from '#tests/telegram/bot-harness.ts'
import { FakeBotApi, telegramUser, type RecordedCall } from '#tests/telegram/fake-bot-api.ts'
import { loader as favoritesLoader } from '../app/routes/api+/property-studio.projects.$id.favorites.ts'
import { shortId } from './callback-data.ts'

// The worker's Telegram jobs read the bot's settings from the environment: the fake must be up
// before the configuration is first read.
const fake = await vi.hoisted(() =>
	import('#tests/telegram/fake-bot-api.ts').then((m) => m.FakeBotApi.startAsConfigured()),
)

// Registered before the bot's hooks, so it runs after them: the settings go once the bot has stopped.
afterAll(() => FakeBotApi.forgetSettings())
const bot = runBotDuringFile(fake)

/** The progress job looks again every few seconds; tests do not wait for the clock. */
async function drainIncludingLater() {
	await drainJobs()
	await db.execute(sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`)
	await drainJobs()
}

async function linkedAgent(telegramUserId: number, propertyAddress = '12 Oak Street, Bath') {
	const user = await insertUser()
	await linkAccount(user, telegramUserId)
	const project = await createProject(actorFor(user), { propertyAddress })
	return { user, actor: actorFor(user), project, tg: telegramUser(telegramUserId) }
}

const isJpeg = (bytes: Buffer) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))
type Markup = { inline_keyboard: Array<Array<{ text: string }>> } | undefined
const labels = (markup: Markup) => markup?.inline_keyboard.flat().map((b) => b.text) ?? []
const buttonTexts = (call: RecordedCall) => labels(call.params.reply_markup as Markup)

describe('photo intake from Telegram', () => {
	test('a 3-photo album becomes 3 studio rooms and 9 variations delivered as uploads with ♥ buttons', async () => {
		const { user, actor, project, tg } = await linkedAgent(8001)
		const photo = await smallRoomPhoto()
		const since = fake.calls.length

		fake.sendPhoto(tg, fake.registerFile(photo), { caption: 'Kitchen', mediaGroupId: 'album-1' })
		fake.sendPhoto(tg, fake.registerFile(photo), { caption: 'master bedroom', mediaGroupId: 'album-1' })
		fake.sendPhoto(tg, fake.registerFile(photo), { mediaGroupId: 'album-1' })

		const question = await fake.waitForMessage('Which property are these photos for?', { since })
		expect(fake.callsTo('sendMessage').slice(-1)[0].params.text).toContain('Which property')
		fake.press(tg, question, '12 Oak Street, Bath')
		const styles = await fake.waitForMessage('Choose styles', { since })
		const roomQuestions = fake.calls
			.slice(since)
			.filter((c) => c.method === 'sendMessage' && /^Photo \d: which room/.test(String(c.params.text)))
		expect(roomQuestions.map((c) => c.params.text)).toEqual([
			'Photo 1: which room is it?',
			'Photo 2: which room is it?',
			'Photo 3: which room is it?',
		])
		// The caption's words give the proposal: Kitchen, Bedroom, and Living Room when there is none.
		expect(roomQuestions.map((c) => buttonTexts(c).find((t) => t.startsWith('✓')))).toEqual([
			'✓ Kitchen',
			'✓ Bedroom',
			'✓ Living Room',
		])
		expect(fake.message(question.message_id).text).toBe('Property: 12 Oak Street, Bath')

		const third = roomQuestions[2].result as Parameters<typeof fake.press>[1]
		fake.press(tg, third, 'Dining Room')
		await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === third.message_id, { since })
		const first = roomQuestions[0].result as Parameters<typeof fake.press>[1]
		fake.press(tg, first, '☐ Contains furniture to remove')
		await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === first.message_id, { since })
		expect(labels(fake.message(first.message_id).reply_markup)).toContain('☑ Contains furniture to remove')

		fake.press(tg, styles, 'Modern')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('This will generate 9 variation(s)'), {
			since,
		})
		fake.press(tg, styles, 'Process')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('Processing 3 photos in Modern'), {
			since,
		})

		await drainJobs()
		// Each photo was looked up with getFile, downloaded once, and stored through the studio.
		expect(fake.downloads).toHaveLength(3)
		const rooms = await listRooms(actor, project.id)
		expect(rooms.map((r) => [r.roomType, r.hasFurniture, r.selectedStyles])).toEqual([
			['kitchen', true, ['modern']],
			['bedroom', false, ['modern']],
			['dining', false, ['modern']],
		])

		await drainIncludingLater()
		const variations = await listVariations(actor, project.id)
		expect(variations).toHaveLength(9)
		expect(variations.every((v) => v.status === 'completed')).toBe(true)

		const albums = fake.calls.slice(since).filter((c) => c.method === 'sendMediaGroup')
		expect(albums).toHaveLength(3)
		for (const album of albums) {
			const media = album.params.media as Array<{ media: string }>
			expect(media).toHaveLength(3)
			// uploads, never a link to our files
			expect(media.every((m) => m.media.startsWith('attach://'))).toBe(true)
			expect(Object.values(album.files).every(isJpeg)).toBe(true)
		}
		// The local renderer made them, and the captions say so.
		expect(albums.map((a) => (a.params.media as Array<{ caption?: string }>)[0].caption)).toEqual([
			'Kitchen · Modern · Preview, not staged',
			'Bedroom · Modern · Preview, not staged',
			'Dining Room · Modern · Preview, not staged',
		])
		const keyboards = fake.calls
			.slice(since)
			.filter((c) => c.method === 'sendMessage' && String(c.params.text).includes('Tap ♡'))
		expect(keyboards.map(buttonTexts)).toEqual(Array(3).fill(['♡ 1', '♡ 2', '♡ 3', 'Remodel', 'Remove…', 'Renovate…']))
		const status = fake.message(styles.message_id).text!
		expect(status).toContain('Kitchen · Modern 3/3 ✓')
		expect(status).toContain('All done.')

		// ♥ from Telegram is the web's favourite too.
		const kitchen = keyboards[0].result as Parameters<typeof fake.press>[1]
		fake.press(tg, kitchen, '♡ 2')
		await fake.waitFor('answerCallbackQuery', (c) => c.params.text === 'Saved to favourites', { since })
		await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === kitchen.message_id, { since })
		expect(fake.message(kitchen.message_id).reply_markup!.inline_keyboard[0].map((b) => b.text)).toEqual([
			'♡ 1',
			'♥ 2',
			'♡ 3',
		])
		const response = (await favoritesLoader({
			request: getRequest(`/api/property-studio/projects/${project.id}/favorites`, { cookie: await cookieFor(user) }),
			params: { id: project.id },
			context: {},
		} as never)) as Response
		const favorites = (await response.json()) as Array<{ roomId: string; style: string; variationIndex: number }>
		expect(favorites).toHaveLength(1)
		expect(favorites[0]).toMatchObject({ roomId: rooms[0].id, style: 'modern', variationIndex: 1 })

		// Remodel: one more variation, delivered on its own with its buttons.
		const before = fake.calls.length
		fake.press(tg, kitchen, 'Remodel')
		await fake.waitFor('answerCallbackQuery', (c) => String(c.params.text).includes('One more Modern variation'), {
			since: before,
		})
		await drainIncludingLater()
		const single = await fake.waitFor('sendPhoto', () => true, { since: before })
		expect(single.params.caption).toBe('Kitchen · Modern · Preview, not staged')
		expect(buttonTexts(single)).toEqual(['♡', 'Remodel', 'Remove…', 'Renovate…'])
		expect(fake.message(styles.message_id).text).toContain('Kitchen · Modern 4/4 ✓')

		// /status and /favorites talk about the property the photos went to.
		const asked = fake.calls.length
		fake.sendText(tg, '/status')
		const statusReply = await fake.waitForMessage('12 Oak Street, Bath · Active', { since: asked })
		expect(statusReply.text).toContain('1. Kitchen: Modern 4/4')
		expect(statusReply.text).toContain('3. Dining Room: Modern 3/3')
		fake.sendText(tg, '/favorites')
		await fake.waitForMessage('1 favourite for 12 Oak Street, Bath', { since: asked })
		const favoritePhoto = await fake.waitFor('sendPhoto', () => true, { since: asked })
		expect(isJpeg(Object.values(favoritePhoto.files)[0])).toBe(true)
	})

	test('a 12 MB document is refused before anything is downloaded; so is a photo getFile says is 12 MB', async () => {
		const { actor, project, tg } = await linkedAgent(8002)
		const twelveMb = 12 * 1024 * 1024
		let since = fake.calls.length
		fake.sendDocument(tg, fake.registerFile(Buffer.alloc(twelveMb)), {
			file_name: 'lounge.jpg',
			mime_type: 'image/jpeg',
		})
		const refusal = await fake.waitForMessage(IMAGE_TOO_LARGE, { since })
		expect(refusal.text).toBe(IMAGE_TOO_LARGE)
		expect(await db.select().from(telegramIntakes).where(eq(telegramIntakes.telegramUserId, tg.id))).toHaveLength(0)

		// The message did not say; getFile does, and the download never starts.
		since = fake.calls.length
		const downloads = fake.downloads.length
		fake.sendPhoto(tg, fake.registerFile(await smallRoomPhoto(), { reportedSize: twelveMb }), { sizeUnknown: true })
		fake.press(tg, await fake.waitForMessage('Which property', { since }), '12 Oak Street, Bath')
		const styles = await fake.waitForMessage('Choose styles', { since })
		fake.press(tg, styles, 'Luxury')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('This will generate 3'), { since })
		fake.press(tg, styles, 'Process')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('Processing 1 photo'), { since })
		await drainIncludingLater()
		expect(fake.callsTo('getFile').slice(-1)[0].params).toMatchObject({ file_id: expect.any(String) })
		expect(fake.downloads).toHaveLength(downloads)
		expect(await listRooms(actor, project.id)).toHaveLength(0)
		expect(fake.message(styles.message_id).text).toContain(`Photo 1: ${IMAGE_TOO_LARGE}`)
	})

	test("a forged callback for another user's variation or batch changes nothing", async () => {
		const owner = await linkedAgent(8003)
		const since = fake.calls.length
		fake.sendPhoto(owner.tg, fake.registerFile(await smallRoomPhoto()))
		fake.press(owner.tg, await fake.waitForMessage('Which property', { since }), '12 Oak Street, Bath')
		const styles = await fake.waitForMessage('Choose styles', { since })
		const [intake] = await db.select().from(telegramIntakes).where(eq(telegramIntakes.telegramUserId, owner.tg.id))

		const intruder = await linkedAgent(8004, '1 Other Road')
		fake.sendText(intruder.tg, '/help')
		const intrudersMessage = await fake.waitForMessage('Send me room photos', { since })
		fake.pressData(intruder.tg, intrudersMessage, `go:${shortId(intake.id)}`)
		await fake.waitFor('answerCallbackQuery', (c) => c.params.text === BATCH_CLOSED, { since })
		const [still] = await db.select().from(telegramIntakes).where(eq(telegramIntakes.id, intake.id))
		expect(still.step).toBe('details')

		fake.press(owner.tg, styles, 'Modern')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('This will generate 3'), { since })
		fake.press(owner.tg, styles, 'Process')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('Processing 1 photo'), { since })
		await drainIncludingLater()
		const [variation] = await listVariations(owner.actor, owner.project.id)

		const before = fake.calls.length
		for (const forged of [`fv:${shortId(variation.id)}`, `rm:${shortId(variation.id)}`]) {
			const at = fake.calls.length
			fake.pressData(intruder.tg, intrudersMessage, forged)
			await fake.waitFor('answerCallbackQuery', (c) => c.params.text === UNAUTHORIZED_PROJECT, { since: at })
		}
		const rows = await db
			.select()
			.from(propertyStudioVariations)
			.where(eq(propertyStudioVariations.roomId, variation.roomId))
		expect(rows).toHaveLength(3)
		expect(rows.some((v) => v.isFavorite)).toBe(false)
		expect(fake.calls.slice(before).some((c) => c.method === 'editMessageReplyMarkup')).toBe(false)
	})

	test('a failed style is reported for that style alone', async () => {
		const { actor, project, tg } = await linkedAgent(8006)
		const since = fake.calls.length
		fake.sendPhoto(tg, fake.registerFile(await smallRoomPhoto()), { caption: 'kitchen' })
		fake.press(tg, await fake.waitForMessage('Which property', { since }), '12 Oak Street, Bath')
		const styles = await fake.waitForMessage('Choose styles', { since })
		for (const [style, count] of [
			['Modern', 3],
			['Luxury', 6],
		] as const) {
			fake.press(tg, styles, style)
			await fake.waitFor('editMessageText', (c) => String(c.params.text).includes(`This will generate ${count}`), {
				since,
			})
		}
		fake.press(tg, styles, 'Process')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('Processing 1 photo'), { since })
		await drainJobs()
		// The provider's final answer for one style, as render-variations records it.
		const [room] = await listRooms(actor, project.id)
		await db
			.update(propertyStudioVariations)
			.set({
				status: 'failed',
				errorMessage: 'The staging provider refused the photo',
				imageUrl: null,
				thumbnailUrl: null,
			})
			.where(sql`${propertyStudioVariations.roomId} = ${room.id} and ${propertyStudioVariations.style} = 'luxury'`)
		await drainIncludingLater()

		await fake.waitForMessage('Failed to process Kitchen with Luxury style: The staging provider refused the photo', {
			since,
		})
		const albums = fake.calls.slice(since).filter((c) => c.method === 'sendMediaGroup')
		expect(albums.map((a) => (a.params.media as Array<{ caption?: string }>)[0].caption)).toEqual([
			'Kitchen · Modern · Preview, not staged',
		])
		const status = fake.message(styles.message_id).text!
		expect(status).toContain('Kitchen · Modern 3/3 ✓')
		expect(status).toContain('Kitchen · Luxury: failed')
	})

	test('a restart in the middle of the style step carries on where it was', async () => {
		const { actor, tg } = await linkedAgent(8005)
		const since = fake.calls.length
		fake.sendPhoto(tg, fake.registerFile(await smallRoomPhoto()), { caption: 'study' })
		const question = await fake.waitForMessage('Which property', { since })
		fake.press(tg, question, 'New property')
		await fake.waitFor('editMessageText', (c) => c.params.text === 'Send me the address of the new property.', {
			since,
		})
		fake.sendText(tg, 'x'.repeat(301))
		await fake.waitForMessage('Property address must be at most 300 characters', { since })
		fake.sendText(tg, '7 Mill Lane, Frome')
		const styles = await fake.waitForMessage('Choose styles', { since })
		fake.press(tg, styles, 'Scandinavian')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('This will generate 3'), { since })

		await bot.restart()

		fake.press(tg, styles, 'Farmhouse')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('This will generate 6'), { since })
		fake.press(tg, styles, 'Process')
		await fake.waitFor(
			'editMessageText',
			(c) => String(c.params.text).includes('Processing 1 photo in Scandinavian, Farmhouse'),
			{ since },
		)
		await drainIncludingLater()
		const projectId = (await listProjects(actor)).find((p) => p.propertyAddress === '7 Mill Lane, Frome')!.id
		const rooms = await listRooms(actor, projectId)
		expect(rooms.map((r) => [r.roomType, [...r.selectedStyles].sort()])).toEqual([
			['office', ['farmhouse', 'scandinavian']],
		])
		expect(await listVariations(actor, projectId)).toHaveLength(6)
	})
	test('with the local preview, Twilight and Enhance are not offered: one line says why, and a forged tap is refused', async () => {
		const { tg } = await linkedAgent(8007)
		const since = fake.calls.length
		fake.sendPhoto(tg, fake.registerFile(await smallRoomPhoto()), { caption: 'Exterior' })
		fake.press(tg, await fake.waitForMessage('Which property', { since }), '12 Oak Street, Bath')
		const styles = await fake.waitForMessage('Choose styles', { since })
		const offered = labels(fake.message(styles.message_id).reply_markup)
		expect(offered).not.toContain('Twilight')
		expect(offered).not.toContain('Enhance')
		expect(offered).toContain('Modern')
		expect(styles.text!.split('\n').at(-1)).toBe(PREVIEW_CANNOT_EDIT)
		expect(styles.text!.split('\n').filter((line) => line === PREVIEW_CANNOT_EDIT)).toHaveLength(1)

		const [intake] = await db.select().from(telegramIntakes).where(eq(telegramIntakes.telegramUserId, tg.id))
		fake.pressData(tg, styles, `st:${shortId(intake.id)}:twilight`)
		await fake.waitFor('answerCallbackQuery', (c) => c.params.text === PREVIEW_CANNOT_EDIT, { since })
		const [still] = await db.select().from(telegramIntakes).where(eq(telegramIntakes.id, intake.id))
		expect(still.styles).toEqual([])
	})
})

import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { REAL_FIXTURES } from '../bench/room-check-real-corpus.ts'
import { users } from '#db/schema/accounts.ts'
import { telegramIntakes } from '#db/schema/telegram.ts'
import { requireUser } from '#core/accounts/actor.ts'
import { FLOOR_MATERIALS } from '#core/edits/edit.schema.ts'
import { PREVIEW_CANNOT_EDIT } from '#core/render/local-preview.ts'
import { db } from '#core/platform/db.ts'
import { createProject } from '#core/studio/projects.ts'
import { TWILIGHT_INDOORS } from '#core/studio/studio.schema.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { roomWithPhoto } from '#tests/staging.ts'
import { smallRoomPhoto } from '#tests/studio.ts'
import { linkAccount, runBotDuringFile } from '#tests/telegram/bot-harness.ts'
import { FakeBotApi, telegramUser } from '#tests/telegram/fake-bot-api.ts'
import { shortId } from './callback-data.ts'

// OpenAI makes both photo edits: the bot offers Twilight and Enhance beside the styles, and
// refinishes floors. Nothing is rendered here (no job is run), so its address is never called.
vi.hoisted(() => {
	process.env.RENDER_PROVIDER = 'openai'
	process.env.OPENAI_API_KEY = 'sk-test-openai'
	process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1'
})
const fake = await vi.hoisted(() =>
	import('#tests/telegram/fake-bot-api.ts').then((m) => m.FakeBotApi.startAsConfigured()),
)
afterAll(() => FakeBotApi.forgetSettings())
runBotDuringFile(fake)

type Markup = { inline_keyboard: Array<Array<{ text: string }>> } | undefined
const labels = (markup: Markup) => markup?.inline_keyboard.flat().map((b) => b.text) ?? []

async function intakeUpToStyles(telegramUserId: number, caption: string) {
	const user = await insertUser()
	await linkAccount(user, telegramUserId)
	await createProject(actorFor(user), { propertyAddress: '9 Dusk Road, Bath' })
	const tg = telegramUser(telegramUserId)
	const since = fake.calls.length
	fake.sendPhoto(tg, fake.registerFile(await smallRoomPhoto()), { caption })
	fake.press(tg, await fake.waitForMessage('Which property', { since }), '9 Dusk Road, Bath')
	const styles = await fake.waitForMessage('Choose styles', { since })
	return { tg, since, styles }
}

describe('photo edits from Telegram, with a provider that makes them', () => {
	test('Twilight and Enhance are buttons; twilight of a kitchen is warned of, in the styles text and the confirmation', async () => {
		const { tg, since, styles } = await intakeUpToStyles(8101, 'Kitchen')
		const offered = labels(fake.message(styles.message_id).reply_markup)
		expect(offered).toEqual(expect.arrayContaining(['Modern', 'Empty room', 'Twilight', 'Enhance', 'Process']))
		expect(styles.text).not.toContain(PREVIEW_CANNOT_EDIT)
		expect(styles.text).not.toContain('not offered')

		fake.press(tg, styles, 'Twilight')
		const toggled = await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('generate 3'), {
			since,
		})
		expect(String(toggled.params.text).split('\n')).toContain(TWILIGHT_INDOORS)
		expect(labels(fake.message(styles.message_id).reply_markup)).toContain('✓ Twilight')

		fake.press(tg, styles, 'Enhance')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('generate 6'), { since })
		fake.press(tg, styles, 'Process')
		const confirmed = await fake.waitFor(
			'editMessageText',
			(c) => String(c.params.text).includes('Processing 1 photo in Twilight, Enhance'),
			{ since },
		)
		expect(String(confirmed.params.text).split('\n').at(-1)).toBe(TWILIGHT_INDOORS)
		const [intake] = await db.select().from(telegramIntakes).where(eq(telegramIntakes.telegramUserId, tg.id))
		expect(intake).toMatchObject({ step: 'submitted', styles: ['twilight', 'enhance'] })
	})

	test('the styles text warns of twilight for the room types chosen now: a room changed afterwards redraws it', async () => {
		const { tg, since, styles } = await intakeUpToStyles(8104, 'Kitchen')
		const room = await fake.waitForMessage('Photo 1: which room', { since })
		const stylesText = async (pressed: () => void) => {
			const from = fake.calls.length
			pressed()
			const edit = await fake.waitFor('editMessageText', (c) => c.params.message_id === styles.message_id, {
				since: from,
			})
			return String(edit.params.text).split('\n')
		}

		expect(await stylesText(() => fake.press(tg, styles, 'Twilight'))).toContain(TWILIGHT_INDOORS)
		const outside = await stylesText(() => fake.press(tg, room, 'Exterior'))
		expect(outside).not.toContain(TWILIGHT_INDOORS)
		expect(outside).toContain('This will generate 3 variation(s)')
		expect(labels(fake.message(styles.message_id).reply_markup)).toContain('✓ Twilight')
		expect(await stylesText(() => fake.press(tg, room, 'Bedroom'))).toContain(TWILIGHT_INDOORS)

		// Another inside room leaves the text as it was: nothing to redraw, and no error for the agent.
		const from = fake.calls.length
		fake.press(tg, room, 'Kitchen')
		await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === room.message_id, { since: from })
		fake.press(tg, styles, 'Process')
		const confirmed = await fake.waitFor(
			'editMessageText',
			(c) => String(c.params.text).includes('Processing 1 photo in Twilight'),
			{ since: from },
		)
		expect(String(confirmed.params.text).split('\n').at(-1)).toBe(TWILIGHT_INDOORS)
		expect(fake.calls.slice(from).filter((c) => c.method === 'answerCallbackQuery' && c.params.show_alert)).toEqual([])
	})

	test('twilight of an exterior, or enhance of any room, carries no warning', async () => {
		const { tg, since, styles } = await intakeUpToStyles(8102, 'Front of the house')
		// No file name or caption suggests an exterior: the agent says so with the room question.
		const room = await fake.waitForMessage('Photo 1: which room', { since })
		fake.press(tg, room, 'Exterior')
		await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === room.message_id, { since })
		fake.press(tg, styles, 'Twilight')
		const toggled = await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('generate 3'), {
			since,
		})
		expect(toggled.params.text).not.toContain(TWILIGHT_INDOORS)
		fake.press(tg, styles, 'Process')
		const confirmed = await fake.waitFor(
			'editMessageText',
			(c) => String(c.params.text).includes('Processing 1 photo in Twilight'),
			{ since },
		)
		expect(confirmed.params.text).not.toContain(TWILIGHT_INDOORS)

		const lounge = await intakeUpToStyles(8103, 'Lounge')
		fake.press(lounge.tg, lounge.styles, 'Enhance')
		const enhanced = await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('generate 3'), {
			since: lounge.since,
		})
		expect(enhanced.params.text).not.toContain(TWILIGHT_INDOORS)
	})

	test('Renovate… offers the floors beside the walls: the provider refinishes them', async () => {
		// Pair 36's photo as the agent's room; its album's 'Renovate…' names it by id.
		const { actor, room } = await roomWithPhoto({ photo: fs.readFileSync(path.join(REAL_FIXTURES, '36-before.jpg')) })
		const [user] = await db
			.select()
			.from(users)
			.where(eq(users.id, requireUser(actor).userId))
		await linkAccount(user, 8105)
		const tg = telegramUser(8105)
		const since = fake.calls.length
		fake.sendText(tg, '/help')
		const help = await fake.waitForMessage('Send me room photos', { since })
		fake.pressData(tg, help, `ev:${shortId(room.id)}`)
		const renovate = await fake.waitForMessage('Renovate the Living Room photo', { since })
		expect(fake.message(renovate.message_id).text).toContain("choose the walls' colour and a floor")
		expect(labels(fake.message(renovate.message_id).reply_markup)).toEqual(
			expect.arrayContaining(FLOOR_MATERIALS.map((m) => `Floor: ${m}`)),
		)
	})
})

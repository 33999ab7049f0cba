import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, expect, test, vi } from 'vitest'
import { REAL_FIXTURES } from '../bench/room-check-real-corpus.ts'
import { ALGORITHMIC_EDIT_SOURCE_TYPE } from '#core/disclosure/alteration.ts'
import { db } from '#core/platform/db.ts'
import { PREVIEW_WALLS_ONLY } from '#core/render/local-preview.ts'
import { VSAI_NO_SCOPED_EDITS } from '#core/render/providers/virtual-staging-ai.ts'
import { UNAUTHORIZED_PROJECT } from '#core/studio/access.ts'
import { createProject } from '#core/studio/projects.ts'
import { listRooms } from '#core/studio/rooms.ts'
import { readXmp } from '#tests/disclosure.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { useVirtualStagingAiModelSettings } from '#tests/mocks/virtual-staging-ai-model.ts'
import { stageThrough } from '#tests/render-provider.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import { linkAccount, runBotDuringFile } from '#tests/telegram/bot-harness.ts'
import { FakeBotApi, telegramUser, type RecordedCall } from '#tests/telegram/fake-bot-api.ts'
import { shortId } from './callback-data.ts'
import { helpText } from './help.ts'
import { variationKeyboard } from './variation-buttons.ts'

// Item removal and renovation from the chat, on a real photo (pair 36: a lamp and a plant beside
// the sofa) with the local preview: the real bot against the fake Bot API, the jobs run here.
const fake = await vi.hoisted(() =>
	import('#tests/telegram/fake-bot-api.ts').then((m) => m.FakeBotApi.startAsConfigured()),
)
afterAll(() => FakeBotApi.forgetSettings())
runBotDuringFile(fake)

type Message = Parameters<typeof fake.press>[1]
type Markup = { inline_keyboard: Array<Array<{ text: string; callback_data?: string }>> } | undefined
const buttons = (message: Message) =>
	(fake.message(message.message_id).reply_markup as Markup)?.inline_keyboard.flat() ?? []
const labels = (message: Message) => buttons(message).map((b) => b.text)

/** The progress job looks again every few seconds; tests do not wait for the clock. */
async function drainIncludingLater() {
	await drainJobs()
	await db.execute(sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`)
	await drainJobs()
}

/** Pair 36's photo sent, staged Modern, and its album delivered: the message under it carries the buttons. */
async function stagedFromChat(telegramUserId: number) {
	const user = await insertUser()
	await linkAccount(user, telegramUserId)
	const project = await createProject(actorFor(user), { propertyAddress: '36 Lamp Lane, Bath' })
	const tg = telegramUser(telegramUserId)
	const since = fake.calls.length
	const photo = fs.readFileSync(path.join(REAL_FIXTURES, '36-before.jpg'))
	fake.sendPhoto(tg, fake.registerFile(photo), { caption: 'Living room' })
	fake.press(tg, await fake.waitForMessage('Which property', { since }), '36 Lamp Lane, Bath')
	const styles = await fake.waitForMessage('Choose styles', { since })
	fake.press(tg, styles, 'Modern')
	await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('generate 3'), { since })
	fake.press(tg, styles, 'Process')
	await fake.waitFor('editMessageText', (c) => String(c.params.text).includes('Processing 1 photo'), { since })
	await drainIncludingLater()
	const album = await fake.waitForMessage('Living Room · Modern', { since })
	const [room] = await listRooms(actorFor(user), project.id)
	return { user, tg, room, album }
}

const answers = (since: number) =>
	fake.calls.slice(since).filter((c) => c.method === 'answerCallbackQuery') as RecordedCall[]

test('Remove… lists what the photo shows; a lamp and a plant toggled and Remove these queues their removal, delivered with its scope', async () => {
	const { tg, room, album } = await stagedFromChat(8601)
	expect(labels(album)).toEqual(['♡ 1', '♡ 2', '♡ 3', 'Remodel', 'Remove…', 'Renovate…'])

	let since = fake.calls.length
	fake.press(tg, album, 'Remove…')
	const picker = await fake.waitForMessage('What should go from the Living Room photo?', { since })
	expect(labels(picker)).toEqual(expect.arrayContaining(['lamp', 'plant', 'Remove these']))
	expect(labels(picker)).not.toContain('✓ lamp')
	// Telegram takes at most 64 bytes of callback data a button.
	for (const b of buttons(picker)) expect(Buffer.byteLength(b.callback_data!)).toBeLessThanOrEqual(64)

	// Toggled on and off in the same message.
	fake.press(tg, picker, 'lamp')
	await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === picker.message_id, { since })
	expect(labels(picker)).toContain('✓ lamp')
	since = fake.calls.length
	fake.press(tg, picker, 'sofa')
	await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === picker.message_id, { since })
	expect(labels(picker)).toEqual(expect.arrayContaining(['✓ lamp', '✓ sofa']))
	since = fake.calls.length
	fake.press(tg, picker, '✓ sofa')
	await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === picker.message_id, { since })
	expect(labels(picker)).toEqual(expect.arrayContaining(['✓ lamp', 'sofa']))
	// The plant beside it too: the local preview paints out the lamp alone less cleanly (its check flags it).
	since = fake.calls.length
	fake.press(tg, picker, 'plant')
	await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === picker.message_id, { since })

	since = fake.calls.length
	fake.press(tg, picker, 'Remove these')
	await fake.waitFor('editMessageText', (c) => c.params.message_id === picker.message_id, { since })
	expect(fake.message(picker.message_id).text).toMatch(
		/^Removing from the Living Room photo: (lamp, plant|plant, lamp)\. The image comes here when it is ready\.$/,
	)
	const edits = (await stagingRowsOf(room.id)).filter((row) => row.scope)
	expect(edits).toHaveLength(1)
	expect(edits[0].scope).toMatchObject({ kind: 'remove' })
	expect(edits[0].scope!.objects.toSorted()).toEqual(['lamp', 'plant'])

	// Made by the local preview, checked against its scope, and sent with what it changed.
	await drainIncludingLater()
	const delivered = await fake.waitFor('sendPhoto', (c) => String(c.params.caption).includes('Items removed'), {
		since,
	})
	const caption = String(delivered.params.caption).split('\n')
	expect(caption[0]).toBe('Living Room · Items removed · Preview, not staged')
	expect(caption).toContain('Removed: a plant and a lamp; nothing else changed')
	// Its file says what was removed, and that Rendo's own algorithm did it, no trained model.
	const [file] = Object.values(delivered.files)
	expect(await readXmp(file)).toMatchObject({
		'XMP-dc:Description': expect.stringMatching(/^Removed: a (lamp and a plant|plant and a lamp)$/),
		'XMP-iptcExt:DigitalSourceType': ALGORITHMIC_EDIT_SOURCE_TYPE,
	})
	// Its image has its heart; another edit starts from the album of the photo's staging.
	const sent = delivered.result as Message
	expect(labels(sent)).toEqual(['♡'])
	expect((await variationsOf(room.id)).find((v) => v.style === 'remove')).toMatchObject({
		status: 'completed',
		roomCheck: 'ok',
	})
}, 180_000)

test("refusals are plain messages under the question; a stranger's room in forged data is refused and nothing is queued", async () => {
	const { tg, room, album } = await stagedFromChat(8602)
	let since = fake.calls.length
	fake.press(tg, album, 'Remove…')
	const picker = await fake.waitForMessage('What should go from', { since })

	// Nothing chosen: the studio's own words, and the question stays for another try.
	since = fake.calls.length
	fake.press(tg, picker, 'Remove these')
	const nothing = await fake.waitFor('sendMessage', (c) => c.params.text === 'Select at least one thing to remove', {
		since,
	})
	expect(nothing.params.reply_parameters).toMatchObject({ message_id: picker.message_id })
	expect(labels(picker)).toContain('Remove these')

	// The sofa is too large for the local preview to paint out.
	since = fake.calls.length
	fake.press(tg, picker, 'sofa')
	await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === picker.message_id, { since })
	fake.press(tg, picker, 'Remove these')
	await fake.waitForMessage(/^The local preview paints out only small things/, { since })

	// Renovate…: walls in named colours; the floor needs a vendor, which the question says.
	since = fake.calls.length
	fake.press(tg, album, 'Renovate…')
	const renovate = await fake.waitForMessage('Renovate the Living Room photo', { since })
	expect(labels(renovate)).toEqual(expect.arrayContaining(['🟩 Sage', '⬜ Warm white', '◻️ Greige', 'Renovate']))
	expect(labels(renovate).some((l) => l.startsWith('Floor'))).toBe(false)
	expect(fake.message(renovate.message_id).text).toContain(PREVIEW_WALLS_ONLY)
	fake.press(tg, renovate, '🟩 Sage')
	await fake.waitFor('editMessageReplyMarkup', (c) => c.params.message_id === renovate.message_id, { since })
	expect(labels(renovate)).toContain('✓ 🟩 Sage')
	// A floor in forged data is the local preview's refusal, in a plain message.
	since = fake.calls.length
	fake.pressData(tg, renovate, `eu:${shortId(room.id)}:31`)
	await fake.waitForMessage(PREVIEW_WALLS_ONLY, { since })
	since = fake.calls.length
	fake.press(tg, renovate, 'Renovate')
	await fake.waitFor('editMessageText', (c) => c.params.message_id === renovate.message_id, { since })
	expect(fake.message(renovate.message_id).text).toBe(
		'Renovating the Living Room photo: walls in sage. The image comes here when it is ready.',
	)
	const asked = (await stagingRowsOf(room.id)).filter((row) => row.scope)
	expect(asked.map((row) => row.scope)).toEqual([
		expect.objectContaining({ kind: 'renovate', surfaces: [{ name: 'walls', becomes: '#b5bfa5' }] }),
	])

	// Another agent's room, named in data a modified client sends: refused as any button is.
	const stranger = await roomWithPhoto({ photo: fs.readFileSync(path.join(REAL_FIXTURES, '36-before.jpg')) })
	for (const data of [`eo:${shortId(stranger.room.id)}`, `eg:${shortId(stranger.room.id)}:1`]) {
		since = fake.calls.length
		fake.pressData(tg, picker, data)
		const refused = await fake.waitFor('answerCallbackQuery', (c) => c.params.show_alert === true, { since })
		expect(refused.params.text).toBe(UNAUTHORIZED_PROJECT)
	}
	expect(answers(since).every((a) => a.params.text !== 'On its way')).toBe(true)
	expect(await stagingRowsOf(stranger.room.id)).toEqual([])
}, 180_000)

test('with Virtual Staging AI, which has no partial edit, an album offers neither edit, and an older Remove… or Renovate… says why', async () => {
	useVirtualStagingAiModelSettings()
	stageThrough('virtual-staging-ai')
	try {
		const user = await insertUser()
		await linkAccount(user, 8603)
		const tg = telegramUser(8603)
		const room = shortId(randomUUID())
		const album = variationKeyboard([{ id: randomUUID(), isFavorite: false }], {
			roomId: randomUUID(),
			style: 'modern',
		})
		expect(album.inline_keyboard.flat().map((b) => b.text)).toEqual(['♡', 'Remodel'])

		// A button from before the provider changed: its one line, before any photo is read.
		let since = fake.calls.length
		fake.sendText(tg, '/help')
		const help = await fake.waitForMessage(helpText().split('\n')[0], { since })
		// The help offers only what the provider makes.
		expect(help.text).toContain('4. under the images: ♡ keeps one, Remodel makes one more\n')
		for (const data of [`eo:${room}`, `ev:${room}`]) {
			since = fake.calls.length
			fake.pressData(tg, help, data)
			await fake.waitForMessage(VSAI_NO_SCOPED_EDITS, { since })
		}
	} finally {
		stageThrough('local')
	}
})

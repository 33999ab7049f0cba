import { randomUUID } from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { FakeBotApi } from '#tests/telegram/fake-bot-api.ts'
import { smallRoomPhoto } from '#tests/studio.ts'
import { createApi } from './api.ts'
import { TelegramGateway } from './telegram-gateway.ts'

const fake = await FakeBotApi.start()
afterAll(() => fake.close())
const settings = { token: fake.token, apiRoot: fake.apiRoot }
const gateway = new TelegramGateway(createApi(settings), settings)

const variation = (roomCheck: string | null, contents: string | null = null) => ({
	id: randomUUID(),
	isFavorite: false,
	roomCheck,
	contents,
	originalsUrl: null,
	readImage: smallRoomPhoto,
})
const room = { roomType: 'living', roomName: null, ordinal: null }

test('an album names the images the room check flagged, so the agent looks before using them', async () => {
	const since = fake.calls.length
	await gateway.sendVariations(4711, {
		roomId: randomUUID(),
		room,
		style: 'modern',
		isPreview: false,
		variations: [variation(null), variation('A window on the left is gone'), variation(null)],
	})
	const [text] = fake.calls.slice(since).filter((c) => c.method === 'sendMessage')
	expect(String(text.params.text).split('\n')).toEqual([
		'Living Room · Modern: 3 variations. Tap ♡ to keep your favourites.',
		'⚠ 2: A window on the left is gone',
		'Look before you use it: keep it or have it replaced free in the gallery.',
	])
})

test('a single image carries its check in its caption; a clean album says nothing more', async () => {
	let since = fake.calls.length
	await gateway.sendVariations(4711, {
		roomId: randomUUID(),
		room,
		style: 'coastal',
		isPreview: false,
		variations: [variation('The floor looks different')],
	})
	const [photo] = fake.calls.slice(since).filter((c) => c.method === 'sendPhoto')
	expect(String(photo.params.caption)).toContain('\n⚠ The floor looks different')

	since = fake.calls.length
	await gateway.sendVariations(4711, {
		roomId: randomUUID(),
		room,
		style: 'coastal',
		isPreview: false,
		variations: [variation(null), variation(null)],
	})
	const [text] = fake.calls.slice(since).filter((c) => c.method === 'sendMessage')
	expect(String(text.params.text)).not.toContain('⚠')
})

test('each image says what the room check saw it add and take away, after what it flagged', async () => {
	let since = fake.calls.length
	await gateway.sendVariations(4711, {
		roomId: randomUUID(),
		room,
		style: 'coastal',
		isPreview: false,
		variations: [variation('The floor looks different', 'Added: a sofa and two lamps. Removed: a bed')],
	})
	const [photo] = fake.calls.slice(since).filter((c) => c.method === 'sendPhoto')
	expect(String(photo.params.caption).split('\n')).toEqual([
		'Living Room · Coastal',
		'⚠ The floor looks different',
		'Look before you use it: keep it or have it replaced free in the gallery.',
		'Added: a sofa and two lamps. Removed: a bed',
	])

	// In an album each image carries its own, numbered as its heart is.
	since = fake.calls.length
	await gateway.sendVariations(4711, {
		roomId: randomUUID(),
		room,
		style: 'modern',
		isPreview: false,
		variations: [variation(null, 'Added: an armchair'), variation(null), variation(null, 'Added: two lamps')],
	})
	const [album] = fake.calls.slice(since).filter((c) => c.method === 'sendMediaGroup')
	expect((album.params.media as Array<{ caption?: string }>).map((m) => m.caption)).toEqual([
		'Living Room · Modern · 1\nAdded: an armchair',
		'Living Room · Modern · 2',
		'Living Room · Modern · 3\nAdded: two lamps',
	])
})

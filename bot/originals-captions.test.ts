import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { telegramIntakePhotos, telegramIntakes } from '#db/schema/telegram.ts'
import type { User } from '#db/schema/accounts.ts'
import { db } from '#core/platform/db.ts'
import { reportProgress } from '#core/telegram/progress.ts'
import { favourite, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { insertUser } from '#tests/factories.ts'
import { livePageOf, whatOpens } from '#tests/originals-address.ts'
import { recordContents, SEEN_SENTENCE } from '#tests/room-check-contents.ts'
import { smallRoomPhoto } from '#tests/studio.ts'
import { fakeBotApiWithRunningBot, linkAccount } from '#tests/telegram/bot-harness.ts'
import { telegramUser } from '#tests/telegram/fake-bot-api.ts'
import { createApi } from './api.ts'
import { CAPTION_MAX } from './captions.ts'
import { TelegramGateway } from './telegram-gateway.ts'

const fake = await fakeBotApiWithRunningBot()
const settings = { token: fake.token, apiRoot: fake.apiRoot }
const api = createApi(settings)
const gateway = new TelegramGateway(api, settings)
const toChat = (chatId: number) => (c: { params: Record<string, unknown> }) =>
	String(c.params.chat_id) === String(chatId)

/** What the originals address in a caption opens. */
const originalIn = (caption: unknown) => whatOpens(/^Original: (\S+)$/m.exec(String(caption))?.[1])

/** A batch the agent sent from this chat, holding the project's one room, as its progress job finds it. */
async function batch(user: User, chatId: number, project: { id: string }, roomId: string) {
	const status = await api.sendMessage(chatId, 'Rendering…')
	const [intake] = await db
		.insert(telegramIntakes)
		.values({
			userId: user.id,
			telegramUserId: chatId,
			chatId,
			step: 'submitted',
			projectId: project.id,
			styles: ['scandinavian'],
			statusMessageId: status.message_id,
			submittedAt: new Date(),
		})
		.returning()
	await db
		.insert(telegramIntakePhotos)
		.values({ intakeId: intake.id, fileId: 'f', fileUniqueId: 'u', messageId: 1, roomType: 'kitchen', roomId })
	return intake
}

describe("the bot's images lead to their originals", () => {
	test('each staged image of an album carries the address of its own original, which opens', async () => {
		const user = await insertUser()
		const { project, variations } = await renderedProject(user)
		await stagedByVendor(variations)
		await recordContents(variations[1].id)
		const intake = await batch(user, 9501, project, variations[0].roomId)

		const since = fake.calls.length
		await reportProgress(gateway, intake.id)
		const album = await fake.waitFor('sendMediaGroup', toChat(9501), { since })
		const captions = (album.params.media as Array<{ caption?: string }>).map((m) => m.caption)
		const live = livePageOf(project.id)
		for (const [i, v] of variations.entries()) {
			expect(captions[i]).toMatch(new RegExp(`^Kitchen · Scandinavian · ${i + 1}\n`))
			expect(await originalIn(captions[i])).toEqual({ page: live, anchor: `v-${v.id}` })
		}
		// The image the room check saw something in says what, last.
		expect(captions[1]).toMatch(new RegExp(`\n${SEEN_SENTENCE}$`))
		expect(captions[0]).not.toContain('Added')
	}, 60_000)

	test('a local preview leads nowhere: its album keeps the one caption that says it is a preview', async () => {
		const user = await insertUser()
		const { project, variations } = await renderedProject(user)
		const intake = await batch(user, 9502, project, variations[0].roomId)

		const since = fake.calls.length
		await reportProgress(gateway, intake.id)
		const album = await fake.waitFor('sendMediaGroup', toChat(9502), { since })
		expect((album.params.media as Array<{ caption?: string }>).map((m) => m.caption)).toEqual([
			'Kitchen · Scandinavian · Preview, not staged',
			undefined,
			undefined,
		])
	}, 60_000)

	test('/favorites sends each favourite with the address of its original', async () => {
		const user = await insertUser()
		await linkAccount(user, 9503)
		const { project, variations } = await renderedProject(user)
		await stagedByVendor(variations)
		await favourite(user, [variations[0].id, variations[2].id])
		await recordContents(variations[2].id)

		const since = fake.calls.length
		fake.sendText(telegramUser(9503), '/favorites')
		const album = await fake.waitFor('sendMediaGroup', toChat(9503), { since })
		const captions = (album.params.media as Array<{ caption?: string }>).map((m) => m.caption)
		expect(captions.map((c) => c?.split('\n')[0])).toEqual(['Kitchen · Scandinavian', 'Kitchen · Scandinavian'])
		expect((await originalIn(captions[0])).anchor).toBe(`v-${variations[0].id}`)
		expect(await originalIn(captions[1])).toEqual({
			page: livePageOf(project.id),
			anchor: `v-${variations[2].id}`,
		})
		expect(captions[1]).toMatch(new RegExp(`\n${SEEN_SENTENCE}$`))
		expect(captions[0]).not.toContain('Added')
	}, 60_000)

	test("a single image's caption stays within Telegram's limit, keeping the address before long room-check notes", async () => {
		const url = `https://rendo.example/o/${'A'.repeat(22)}#v-${randomUUID()}`
		const since = fake.calls.length
		await gateway.sendVariations(9504, {
			roomId: randomUUID(),
			room: { roomType: 'living', roomName: null, ordinal: null },
			style: 'modern',
			isPreview: false,
			variations: [
				{
					id: randomUUID(),
					isFavorite: false,
					roomCheck: 'x'.repeat(2000),
					contents: `Added: ${'a lamp, '.repeat(200)}`,
					originalsUrl: url,
					readImage: smallRoomPhoto,
				},
			],
		})
		const photo = await fake.waitFor('sendPhoto', toChat(9504), { since })
		const caption = String(photo.params.caption)
		expect(caption.length).toBe(CAPTION_MAX)
		expect(caption.split('\n').slice(0, 2)).toEqual(['Living Room · Modern', `Original: ${url}`])
	})

	test("what the room check saw stays within Telegram's limit too, giving way before the title and the address", async () => {
		const url = `https://rendo.example/o/${'A'.repeat(22)}#v-${randomUUID()}`
		const since = fake.calls.length
		await gateway.sendVariations(9505, {
			roomId: randomUUID(),
			room: { roomType: 'living', roomName: null, ordinal: null },
			style: 'modern',
			isPreview: false,
			variations: [
				{
					id: randomUUID(),
					isFavorite: false,
					roomCheck: null,
					contents: `Added: ${'a lamp, '.repeat(200)}and a rug`,
					originalsUrl: url,
					readImage: smallRoomPhoto,
				},
			],
		})
		const caption = String((await fake.waitFor('sendPhoto', toChat(9505), { since })).params.caption)
		expect(caption.length).toBe(CAPTION_MAX)
		expect(caption.split('\n')).toEqual([
			'Living Room · Modern',
			`Original: ${url}`,
			expect.stringMatching(/^Added: a lamp, .*…$/),
		])
	})
})

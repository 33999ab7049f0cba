import { actorFor } from '#tests/factories.ts'
import { createLinkCode, linkTelegram } from '#core/telegram/links.ts'
import { createBot } from '#bot/create-bot.ts'
import type { FakeBotApi } from './fake-bot-api.ts'

/** Runs the real bot by long polling against the fake Bot API until `stop()`. */
export async function startBot(fake: FakeBotApi) {
	const bot = createBot({ token: fake.token, apiRoot: fake.apiRoot })
	let started!: () => void
	const ready = new Promise<void>((resolve) => (started = resolve))
	const polling = bot.start({ onStart: () => started() })
	await ready
	return {
		bot,
		async stop() {
			await bot.stop()
			await polling
		},
	}
}

/** Links a Telegram user to an account the way `/start <code>` does, without the chat. */
export async function linkAccount(user: { id: string; role: string; email: string }, telegramUserId: number) {
	const { code } = await createLinkCode(actorFor(user))
	await linkTelegram(code, { id: telegramUserId })
}

import { afterAll, beforeAll } from 'vitest'
import { actorFor } from '#tests/factories.ts'
import { createLinkCode, linkTelegram } from '#core/telegram/links.ts'
import { createBot } from '#bot/create-bot.ts'
import { FakeBotApi } from './fake-bot-api.ts'

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

/**
 * For a whole test file: the real bot polls `fake` from before the first test until after the last,
 * then the fake closes. `restart()` stops the bot and starts a new one, as a redeploy would.
 */
export function runBotDuringFile(fake: FakeBotApi) {
	let running: Awaited<ReturnType<typeof startBot>>
	beforeAll(async () => {
		running = await startBot(fake)
	})
	afterAll(async () => {
		await running.stop()
		await fake.close()
	})
	return {
		async restart() {
			await running.stop()
			running = await startBot(fake)
		},
	}
}

/** For a whole test file: a fake Bot API with the real bot polling it (see runBotDuringFile). */
export async function fakeBotApiWithRunningBot() {
	const fake = await FakeBotApi.start()
	runBotDuringFile(fake)
	return fake
}

/** Links a Telegram user to an account the way `/start <code>` does, without the chat. */
export async function linkAccount(user: { id: string; role: string; email: string }, telegramUserId: number) {
	const { code } = await createLinkCode(actorFor(user))
	await linkTelegram(code, { id: telegramUserId })
}

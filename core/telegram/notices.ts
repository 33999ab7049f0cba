import { eq } from 'drizzle-orm'
import { telegramLinks } from '#db/schema/telegram.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import type { TelegramNotifier } from './ports.ts'
import { TELEGRAM_NOTICE_TASK } from './telegram.schema.ts'

/**
 * Queues a message to the user's linked Telegram chat, inside the caller's transaction (a rollback
 * sends nothing); a user with no link gets nothing. `key` makes asking twice send once.
 */
export async function queueTelegramNotice(tx: Tx, userId: string, text: string, key: string) {
	const [link] = await tx.select({ id: telegramLinks.id }).from(telegramLinks).where(eq(telegramLinks.userId, userId))
	if (link) await addJob(tx, TELEGRAM_NOTICE_TASK, { userId, text }, { jobKey: `telegram-notice:${key}` })
}

/** The telegram_notice job: to the chat linked now (unlinked since: nothing is sent). */
export async function sendTelegramNotice(notifier: TelegramNotifier, job: { userId: string; text: string }) {
	const [link] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, job.userId))
	if (link) await notifier.sendNotice(link.telegramUserId, job.text)
}

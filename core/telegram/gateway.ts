import type { TelegramFiles, TelegramNotifier } from './ports.ts'

/**
 * Telegram as the worker's jobs reach it. The concrete gateway is the bot door's (grammY, which
 * core never imports); each process's entry provides it here, so the task list needs no bot/.
 */
export type TelegramGateway = TelegramFiles & TelegramNotifier

let provided: (() => TelegramGateway | Promise<TelegramGateway>) | null = null

/** Called where a process starts; a factory, so grammY loads only once a Telegram job runs. */
export function provideTelegramGateway(gateway: () => TelegramGateway | Promise<TelegramGateway>) {
	provided = gateway
}

export async function telegramGateway(): Promise<TelegramGateway> {
	if (!provided) throw new Error('No Telegram gateway in this process: its entry must call provideTelegramGateway')
	return provided()
}

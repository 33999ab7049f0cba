import { provideTelegramGateway } from '#core/telegram/gateway.ts'

/**
 * Puts this door's gateway behind core's Telegram port for the process an entry starts; grammY
 * loads only when a Telegram job first runs.
 */
export function provideBotGateway() {
	provideTelegramGateway(async () => (await import('./telegram-gateway.ts')).telegramGateway())
}

/**
 * The bot this process runs, as the web door needs it. The web's Vite bundle must not take in
 * bot/ and grammY (it would be a second, stale copy beside the one `npm start` runs), while
 * core/ is shared at run time; so the bot registers here when it starts: its @name for t.me
 * links and, in webhook mode, the handler for Telegram's requests at the secret path.
 */
export interface RunningBotInfo {
	username: string
	webhook?: { pathSecret: string; handle(request: Request): Promise<Response> }
}

let current: RunningBotInfo | null = null

export function registerRunningBot(info: RunningBotInfo | null) {
	current = info
}

export function runningBot() {
	return current
}

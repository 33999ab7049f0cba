import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Message, Update, User } from 'grammy/types'

export const FAKE_BOT_TOKEN = '4242424242:FAKE-bot-token_for-tests'

export interface RecordedCall {
	method: string
	params: Record<string, unknown>
	/** uploaded files by form field: their size and bytes */
	files: Record<string, Buffer>
	/** what the fake answered (a message for send*, true for the rest) */
	result: unknown
}

interface StoredFile {
	bytes: Buffer
	uniqueId: string
	path: string
	/** what getFile reports, which a test may set apart from the real size */
	reportedSize: number
}

type BotMessage = Message & {
	reply_markup?: { inline_keyboard: Array<Array<{ text: string; callback_data?: string }>> }
}

class ApiError extends Error {
	constructor(
		public code: number,
		public description: string,
	) {
		super(description)
	}
}

/** Values of a multipart call are strings; grammY JSON-encodes objects and arrays. */
function fieldValue(value: string): unknown {
	if (/^[[{]/.test(value)) {
		try {
			return JSON.parse(value)
		} catch {
			return value
		}
	}
	return value
}

/** Splits a multipart body (grammY writes its own, which undici's parser refuses) into fields and files. */
function parseMultipart(body: Buffer, boundary: string) {
	const params: Record<string, unknown> = {}
	const files: Record<string, Buffer> = {}
	const delimiter = Buffer.from(`--${boundary}`)
	let at = body.indexOf(delimiter)
	while (at !== -1) {
		const start = at + delimiter.length
		const next = body.indexOf(delimiter, start)
		if (next === -1) break
		const part = body.subarray(start + 2, next - 2) // the CRLF after the delimiter and before the next
		const split = part.indexOf('\r\n\r\n')
		const headers = part.subarray(0, split).toString()
		const content = part.subarray(split + 4)
		const name = /name="([^"]+)"/.exec(headers)?.[1]
		if (name && /filename=/.test(headers)) files[name] = Buffer.from(content)
		else if (name) params[name] = fieldValue(content.toString())
		at = next
	}
	return { params, files }
}

async function readCall(req: http.IncomingMessage) {
	const chunks: Buffer[] = []
	for await (const chunk of req) chunks.push(chunk as Buffer)
	const body = Buffer.concat(chunks)
	const boundary = /multipart\/form-data;.*boundary=("?)([^";]+)\1/.exec(req.headers['content-type'] ?? '')?.[2]
	if (boundary) return parseMultipart(body, boundary)
	return { params: body.length ? (JSON.parse(body.toString()) as Record<string, unknown>) : {}, files: {} }
}

/**
 * A Telegram Bot API on loopback for tests: the real bot (grammY, `client.apiRoot`) talks HTTP to
 * it. It records what the bot sends, keeps the messages it sent so edits and button presses work
 * like Telegram's, serves getMe, getFile and file downloads of registered files, and hands out
 * updates through getUpdates with long polling.
 */
export class FakeBotApi {
	readonly calls: RecordedCall[] = []
	/** file paths the bot downloaded */
	readonly downloads: string[] = []
	readonly me = {
		id: 4242424242,
		is_bot: true as const,
		first_name: 'Rendo',
		username: 'rendo_test_bot',
		can_join_groups: false,
		can_read_all_group_messages: false,
		supports_inline_queries: false,
		can_connect_to_business: false,
		has_main_web_app: false,
	}
	private readonly messages = new Map<number, BotMessage>()
	private readonly files = new Map<string, StoredFile>()
	private pending: Update[] = []
	private waiting = new Set<() => void>()
	private nextUpdateId = 1
	private nextMessageId = 1
	private nextFile = 1

	private constructor(
		private readonly server: http.Server,
		readonly token: string,
	) {}

	static async start({ token = FAKE_BOT_TOKEN } = {}) {
		const server = http.createServer()
		const fake = new FakeBotApi(server, token)
		server.on('request', (req, res) =>
			fake.handle(req, res).catch((error: unknown) => {
				console.error('fake Bot API failed', error)
				if (!res.headersSent) res.writeHead(500).end()
			}),
		)
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		return fake
	}

	/**
	 * A fake that the worker's Telegram jobs reach too: they read the bot's settings from the
	 * environment, so call this inside vi.hoisted, before the configuration is first read.
	 * `forgetSettings` (afterAll) takes them away again.
	 */
	static async startAsConfigured() {
		const fake = await FakeBotApi.start()
		process.env.TELEGRAM_BOT_TOKEN = fake.token
		process.env.TELEGRAM_API_ROOT = fake.apiRoot
		return fake
	}

	static forgetSettings() {
		delete process.env.TELEGRAM_BOT_TOKEN
		delete process.env.TELEGRAM_API_ROOT
	}

	get apiRoot() {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
	}

	async close() {
		for (const wake of this.waiting) wake()
		this.server.closeAllConnections()
		await new Promise((resolve) => this.server.close(resolve))
	}

	// ---- what tests do as the user ----

	/** A file the bot can getFile and download; `reportedSize` is what Telegram would claim. */
	registerFile(bytes: Buffer, opts: { reportedSize?: number } = {}) {
		const n = this.nextFile++
		const fileId = `file-${n}-${Math.random().toString(36).slice(2)}`
		const stored = {
			bytes,
			uniqueId: `unique-${n}`,
			path: `photos/file_${n}.jpg`,
			reportedSize: opts.reportedSize ?? bytes.length,
		}
		this.files.set(fileId, stored)
		return { file_id: fileId, file_unique_id: stored.uniqueId, file_size: stored.reportedSize }
	}

	pushUpdate(update: Omit<Update, 'update_id'>) {
		const full = { ...update, update_id: this.nextUpdateId++ } as Update
		this.pending.push(full)
		for (const wake of this.waiting) wake()
		return full
	}

	private userMessage(from: User, fields: Partial<Message>) {
		return {
			message_id: this.nextMessageId++,
			date: Math.floor(Date.now() / 1000),
			chat: { id: from.id, type: 'private' as const, first_name: from.first_name, username: from.username },
			from,
			...fields,
		} as Message & Update.NonChannel
	}

	/** A text message; a leading /command is marked as Telegram marks it. */
	sendText(from: User, text: string) {
		const command = /^\/\S+/.exec(text)
		const entities = command ? [{ type: 'bot_command' as const, offset: 0, length: command[0].length }] : undefined
		return this.pushUpdate({ message: this.userMessage(from, { text, entities }) })
	}

	/** A photo as Telegram sends one: several sizes, the largest last (whose size the message may leave out). */
	sendPhoto(
		from: User,
		file: ReturnType<FakeBotApi['registerFile']>,
		opts: { caption?: string; mediaGroupId?: string; sizeUnknown?: boolean } = {},
	) {
		const thumbnail = this.registerFile(Buffer.from('thumbnail'))
		const photo = [
			{ ...thumbnail, width: 90, height: 67 },
			{ ...file, file_size: opts.sizeUnknown ? undefined : file.file_size, width: 1280, height: 960 },
		]
		return this.pushUpdate({
			message: this.userMessage(from, { photo, caption: opts.caption, media_group_id: opts.mediaGroupId }),
		})
	}

	sendDocument(
		from: User,
		file: ReturnType<FakeBotApi['registerFile']>,
		document: { file_name: string; mime_type: string },
	) {
		return this.pushUpdate({ message: this.userMessage(from, { document: { ...file, ...document } }) })
	}

	/** Taps an inline button of a message the bot sent, by its label or its callback data. */
	press(from: User, message: BotMessage, button: string | RegExp) {
		const current = this.messages.get(message.message_id) ?? message
		const buttons = current.reply_markup?.inline_keyboard.flat() ?? []
		const found = buttons.find((b) =>
			typeof button === 'string' ? b.text === button || b.callback_data === button : button.test(b.text),
		)
		if (!found?.callback_data)
			throw new Error(`No button ${button} on message ${message.message_id}: ${buttons.map((b) => b.text).join(', ')}`)
		return this.pressData(from, current, found.callback_data)
	}

	/** A callback query with any data, as a modified client could send it. */
	pressData(from: User, message: BotMessage, data: string) {
		return this.pushUpdate({
			callback_query: {
				id: `cb-${this.nextUpdateId}`,
				from,
				chat_instance: 'fake',
				message: this.messages.get(message.message_id) ?? message,
				data,
			},
		})
	}

	// ---- what tests check ----

	callsTo(method: string) {
		return this.calls.filter((c) => c.method === method)
	}

	/** The message as it stands now, after the bot's edits. */
	message(id: number) {
		const message = this.messages.get(id)
		if (!message) throw new Error(`The bot sent no message ${id}`)
		return message
	}

	/**
	 * Waits for a call the bot makes (or made since `since`, an index into calls). The bound is only there to
	 * name the calls seen when the bot never makes it: close to the test's own timeout, so a busy machine is no failure.
	 */
	async waitFor(
		method: string,
		match: (call: RecordedCall) => boolean = () => true,
		{ since = 0, timeoutMs = 15_000 } = {},
	) {
		const deadline = Date.now() + timeoutMs
		for (;;) {
			const found = this.calls.slice(since).find((c) => c.method === method && match(c))
			if (found) return found
			if (Date.now() > deadline) {
				const seen = this.calls.slice(since).map((c) => `${c.method} ${JSON.stringify(c.params).slice(0, 160)}`)
				throw new Error(`Timed out waiting for ${method}; calls:\n${seen.join('\n')}`)
			}
			await new Promise((resolve) => setTimeout(resolve, 15))
		}
	}

	/** Waits for a sendMessage whose text matches, and gives the message as sent. */
	async waitForMessage(text: string | RegExp, opts: { since?: number; timeoutMs?: number } = {}) {
		const matches = (t: unknown) =>
			typeof t === 'string' && (typeof text === 'string' ? t.includes(text) : text.test(t))
		const call = await this.waitFor('sendMessage', (c) => matches(c.params.text), opts)
		return call.result as BotMessage
	}

	// ---- the HTTP side ----

	private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://fake')
		const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname)
		if (req.method === 'GET' && file) return this.download(file[1], file[2], res)
		const call = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname)
		const reply = (status: number, body: object) => {
			if (res.writableEnded || res.destroyed) return
			res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
		}
		if (!call) return reply(404, { ok: false, error_code: 404, description: 'Not Found' })
		if (call[1] !== this.token) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' })
		const { params, files } = await readCall(req)
		// Recorded on arrival, so a test sees a long poll that is still waiting.
		const recorded: RecordedCall = { method: call[2], params, files, result: undefined }
		this.calls.push(recorded)
		try {
			recorded.result = await this.answer(call[2], params, res)
			reply(200, { ok: true, result: recorded.result })
		} catch (error) {
			if (!(error instanceof ApiError)) throw error
			recorded.result = error.description
			reply(error.code, { ok: false, error_code: error.code, description: error.description })
		}
	}

	private download(token: string, filePath: string, res: http.ServerResponse) {
		const stored = [...this.files.values()].find((f) => f.path === filePath)
		if (token !== this.token || !stored) return res.writeHead(404).end()
		this.downloads.push(filePath)
		res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(stored.bytes)
	}

	private sent(chatId: unknown, fields: Partial<BotMessage>): BotMessage {
		const message = {
			message_id: this.nextMessageId++,
			date: Math.floor(Date.now() / 1000),
			chat: { id: Number(chatId), type: 'private' as const, first_name: 'Agent' },
			from: this.me,
			...fields,
		} as BotMessage
		this.messages.set(message.message_id, message)
		return message
	}

	private edited(params: Record<string, unknown>, change: Partial<BotMessage>) {
		const message = this.messages.get(Number(params.message_id))
		if (!message) throw new ApiError(400, 'Bad Request: message to edit not found')
		const next = { ...message, ...change }
		if (JSON.stringify(next) === JSON.stringify(message))
			throw new ApiError(
				400,
				'Bad Request: message is not modified: specified new message content and reply markup are exactly the same',
			)
		this.messages.set(message.message_id, next)
		return next
	}

	private async answer(method: string, params: Record<string, unknown>, res: http.ServerResponse): Promise<unknown> {
		const markup = params.reply_markup as BotMessage['reply_markup']
		switch (method) {
			case 'getMe':
				return this.me
			case 'getUpdates':
				return this.updates(params, res)
			case 'sendMessage':
				return this.sent(params.chat_id, { text: String(params.text), reply_markup: markup })
			case 'sendPhoto':
				return this.sent(params.chat_id, {
					photo: [],
					caption: params.caption as string | undefined,
					reply_markup: markup,
				})
			case 'sendMediaGroup':
				return (params.media as Array<{ caption?: string }>).map((m) =>
					this.sent(params.chat_id, { photo: [], caption: m.caption }),
				)
			case 'editMessageText':
				// Telegram drops the keyboard of an edited message unless the edit sends one.
				return this.edited(params, { text: String(params.text), reply_markup: markup })
			case 'editMessageReplyMarkup':
				return this.edited(params, { reply_markup: markup })
			case 'getFile': {
				const stored = this.files.get(String(params.file_id))
				if (!stored) throw new ApiError(400, 'Bad Request: invalid file_id')
				return {
					file_id: params.file_id,
					file_unique_id: stored.uniqueId,
					file_size: stored.reportedSize,
					file_path: stored.path,
				}
			}
			default:
				return true
		}
	}

	/** Long polling: confirmed updates are dropped, new ones are answered at once, else it waits. */
	private async updates(params: Record<string, unknown>, res: http.ServerResponse) {
		const offset = Number(params.offset ?? 0)
		this.pending = this.pending.filter((u) => u.update_id >= offset)
		const timeoutMs = Number(params.timeout ?? 0) * 1000
		if (!this.pending.length && timeoutMs > 0) {
			await new Promise<void>((resolve) => {
				const wake = () => {
					clearTimeout(timer)
					this.waiting.delete(wake)
					resolve()
				}
				const timer = setTimeout(wake, timeoutMs)
				this.waiting.add(wake)
				// the bot gave up (stopped, or its request aborted)
				res.once('close', wake)
			})
		}
		return this.pending.slice(0, Number(params.limit ?? 100))
	}
}

export function telegramUser(id: number, username = `agent${id}`): User {
	return { id, is_bot: false, first_name: 'Agent', username }
}

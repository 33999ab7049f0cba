import { spawn } from 'node:child_process'
import { afterAll, expect, test } from 'vitest'
import { freePort } from '#core/platform/free-port.ts'
import { FAKE_BOT_TOKEN, FakeBotApi } from '#tests/telegram/fake-bot-api.ts'

const TOKEN = 'a-metrics-token-for-the-bot'
const telegram = await FakeBotApi.start()
afterAll(() => telegram.close())

test('`npm run bot` serves /metrics on METRICS_PORT behind METRICS_TOKEN and /ready without it, and stops quietly', async () => {
	const port = await freePort()
	const child = spawn(process.execPath, ['--import', 'tsx', 'bot/main.ts'], {
		env: {
			...process.env,
			TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
			TELEGRAM_API_ROOT: telegram.apiRoot,
			JOBS: 'off',
			METRICS_PORT: String(port),
			METRICS_TOKEN: TOKEN,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let stdout = ''
	let stderr = ''
	child.stdout.on('data', (d) => (stdout += d))
	child.stderr.on('data', (d) => (stderr += d))
	const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
	try {
		await expect.poll(() => stdout, { timeout: 60_000 }).toContain("Rendo's Telegram bot @rendo_test_bot is running")
		const refused = await fetch(`http://127.0.0.1:${port}/metrics`)
		expect(refused.status).toBe(401)
		expect(await refused.text()).not.toContain('rendo_')
		const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
		expect(scraped.status).toBe(200)
		expect(await scraped.text()).toMatch(/^rendo_nodejs_eventloop_lag_seconds [\d.e-]+$/m)
		// Readiness shows no figure: no token needed, as on the web.
		const ready = await fetch(`http://127.0.0.1:${port}/ready`)
		expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'ready' } })

		child.kill('SIGTERM')
		expect(await exited).toBe(0)
		expect(stderr).toBe('')
		await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow()
	} finally {
		if (child.exitCode === null) child.kill('SIGKILL')
	}
}, 90_000)

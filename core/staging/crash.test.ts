import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, expect, test } from 'vitest'
import { processRoom } from '#core/studio/process-room.ts'
import { serveModel, VSAI_TEST_KEY } from '#tests/mocks/virtual-staging-ai-model.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'

// kill -9 in the middle of a paid render: the vendor (a model of Virtual Staging AI's API on
// loopback) has accepted the render, the worker has not yet heard its id. A worker started
// afterwards must take the job back within a minute and adopt that render, never create another.
const vendor = await serveModel({ latencyMs: 300 })
afterAll(() => vendor.close())

const children: ChildProcess[] = []
afterAll(() => children.forEach((child) => child.kill('SIGKILL')))

/** `rendo worker` in a process of its own, on this file's database and files, with the vendor configured. */
function startWorker() {
	const child = spawn(process.execPath, ['cli/bin.js', 'worker'], {
		env: {
			...process.env,
			RENDER_PROVIDER: 'virtual-staging-ai',
			RENDER_API_KEY: VSAI_TEST_KEY,
			RENDER_API_URL: vendor.baseUrl,
			RENDER_POLL_INTERVAL_MS: '200',
			// A dead process's jobs come back after 1.5 s here (30 s in production).
			JOB_STALE_AFTER_MS: '1500',
		},
		stdio: 'ignore',
	})
	children.push(child)
	return child
}

async function until<T>(what: string, check: () => Promise<T | false | undefined>, timeoutMs: number): Promise<T> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const value = await check()
		if (value) return value
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((r) => setTimeout(r, 50))
	}
}

test('kill -9 between "the vendor accepted" and "stored": one create per room and style, resumed within a minute', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['modern', 'luxury'] })
	// The vendor makes each render at once but holds its answer: the worker dies in between.
	vendor.model.state.answerDelayMs = 10_000

	const first = startWorker()
	await until('the vendor to accept both renders', async () => vendor.model.state.creates === 2, 30_000)
	first.kill('SIGKILL')
	await new Promise((resolve) => first.once('exit', resolve))
	expect((await stagingRowsOf(room.id)).map((row) => [row.state, row.providerRenderId])).toEqual([
		['submitting', null],
		['submitting', null],
	])

	vendor.model.state.answerDelayMs = 0
	const restarted = Date.now()
	const second = startWorker()
	await until(
		'every variation to be stored',
		async () => (await variationsOf(room.id)).every((v) => v.status === 'completed'),
		60_000,
	)
	const resumedInMs = Date.now() - restarted
	second.kill('SIGINT')

	expect(vendor.model.state.creates).toBe(2)
	expect(vendor.model.requests.filter((r) => r.method === 'POST').length).toBe(2)
	const variations = await variationsOf(room.id)
	expect(variations).toHaveLength(6)
	expect(new Set(variations.map((v) => v.renderId)).size).toBe(2)
	expect(resumedInMs).toBeLessThan(60_000)
}, 120_000)

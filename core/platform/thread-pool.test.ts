import os from 'node:os'
import { expect, test } from 'vitest'
import { createThreadPool, hurryThreads } from './thread-pool.ts'

const priorityOnThread = createThreadPool<{ busyMs?: number } | null, number, number>({
	module: new URL('../../tests/fixtures/thread-priority.ts', import.meta.url),
	read: (priority) => priority,
	crashed: (error) => error,
})

test.runIf(process.platform === 'linux')(
	'pool threads run at nice 10, urgent tasks at nice 0; the thread that asked stays as it was',
	async () => {
		const before = os.getPriority(0)
		expect(await priorityOnThread(null, { urgent: true })).toBe(0)
		expect(await priorityOnThread(null)).toBe(10)
		// Back up from 10 takes the privilege to raise a priority (root here, as in CI).
		if (process.getuid?.() === 0) expect(await priorityOnThread(null, { urgent: true })).toBe(0)
		expect(os.getPriority(0)).toBe(before)
	},
)

// Raising a thread's priority takes the privilege to (root here, as in CI).
test.runIf(process.platform === 'linux' && process.getuid?.() === 0)(
	'hurryThreads raises a running bulk task to nice 0 for the rest of it; the next bulk task runs at 10 again',
	async () => {
		const hurried = priorityOnThread({ busyMs: 600 })
		await new Promise((resolve) => setTimeout(resolve, 200))
		hurryThreads()
		expect(await hurried).toBe(0)
		expect(await priorityOnThread(null)).toBe(10)
		// Not hurried: it ends as it began.
		expect(await priorityOnThread({ busyMs: 300 })).toBe(10)
	},
)

test('an urgent task passes the background tasks waiting for a thread, which keep their order', async () => {
	const oneThread = createThreadPool<{ busyMs?: number } | null, number, number>({
		module: new URL('../../tests/fixtures/thread-priority.ts', import.meta.url),
		read: (priority) => priority,
		crashed: (error) => error,
		threads: () => 1,
	})
	const finished: string[] = []
	const track = (name: string, running: Promise<number>) => running.then(() => finished.push(name))
	const busy = track('busy', oneThread({ busyMs: 300 }))
	const background = [track('background 1', oneThread(null)), track('background 2', oneThread(null))]
	const urgent = track('urgent', oneThread(null, { urgent: true }))
	await Promise.all([busy, ...background, urgent])
	expect(finished).toEqual(['busy', 'urgent', 'background 1', 'background 2'])
})

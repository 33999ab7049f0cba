import os from 'node:os'
import { expect, test } from 'vitest'
import { createThreadPool } from './thread-pool.ts'

test.runIf(process.platform === 'linux')(
	'pool threads run at nice 10, urgent tasks at nice 0; the thread that asked stays as it was',
	async () => {
		const priorityOnThread = createThreadPool<null, number, number>({
			module: new URL('../../tests/fixtures/thread-priority.ts', import.meta.url),
			read: (priority) => priority,
			crashed: (error) => error,
		})
		const before = os.getPriority(0)
		expect(await priorityOnThread(null, { urgent: true })).toBe(0)
		expect(await priorityOnThread(null)).toBe(10)
		// Back up from 10 takes the privilege to raise a priority (root here, as in CI).
		if (process.getuid?.() === 0) expect(await priorityOnThread(null, { urgent: true })).toBe(0)
		expect(os.getPriority(0)).toBe(before)
	},
)

import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll } from 'vitest'

/**
 * `rendo worker` processes for the kill -9 tests: started on the test file's database and files
 * with the vendor settings given, killed with SIGKILL, and any still running killed after the file.
 */
const children: ChildProcess[] = []
afterAll(() => children.forEach((child) => child.kill('SIGKILL')))

/** A worker process; its output is piped only when `env` sets LOG_LEVEL (for a test that reads the log). */
export function startWorker(env: Record<string, string>) {
	const child = spawn(process.execPath, ['cli/bin.js', 'worker'], {
		env: { ...process.env, ...env },
		stdio: ['ignore', env.LOG_LEVEL ? 'pipe' : 'ignore', 'ignore'],
	})
	children.push(child)
	return child
}

export async function kill(child: ChildProcess) {
	if (child.exitCode === null) {
		child.kill('SIGKILL')
		await new Promise((resolve) => child.once('exit', resolve))
	}
}

export async function until<T>(
	what: string,
	check: () => Promise<T | false | undefined>,
	timeoutMs: number,
): Promise<T> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const value = await check()
		if (value) return value
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((r) => setTimeout(r, 50))
	}
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

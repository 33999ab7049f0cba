import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, afterEach } from 'vitest'

/**
 * `rendo worker` processes for the kill -9 tests: started on the test file's database and files
 * with the vendor settings given, and killed with SIGKILL. One a failed test left running is
 * killed after that test, so it cannot take the next test's jobs or its CPU; one a test asked to
 * stop finishes its jobs in hand meanwhile, and is killed after the file if it has not.
 */
const children = new Set<ChildProcess>()
const killAll = (which: (child: ChildProcess) => boolean) => Promise.all([...children].filter(which).map(kill))
afterEach(() => killAll((child) => !child.killed))
afterAll(() => killAll(() => true))

/** A worker process; its output is piped only when `env` sets LOG_LEVEL (for a test that reads the log). */
export function startWorker(env: Record<string, string>) {
	const child = spawn(process.execPath, ['cli/bin.js', 'worker'], {
		env: { ...process.env, ...env },
		stdio: ['ignore', env.LOG_LEVEL ? 'pipe' : 'ignore', 'ignore'],
	})
	children.add(child)
	return child
}

export async function kill(child: ChildProcess) {
	if (child.exitCode === null && child.signalCode === null) {
		const exited = new Promise((resolve) => child.once('exit', resolve))
		child.kill('SIGKILL')
		await exited
	}
}

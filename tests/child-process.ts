import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { freePort } from '#core/platform/free-port.ts'

/** Rendo's entry points as child processes of a test or bench: started, awaited until ready, stopped. */

/**
 * This process's environment with a child's settings, without Vitest's marks: under VITEST,
 * Remix's Vite plugin leaves the app's routes out, and a web in dev mode answers 404.
 */
export function childEnv(env: Record<string, string>) {
	const result: NodeJS.ProcessEnv = { ...process.env, ...env }
	for (const name of Object.keys(result)) if (name.startsWith('VITEST') || name === 'TEST') delete result[name]
	return result
}

/** A child with its output kept (the last 200 lines), so a failed start says why. */
export async function startChild(name: string, args: string[], env: Record<string, string>) {
	const child = spawn(process.execPath, args, { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
	const lines: string[] = []
	const keep = (chunk: Buffer) => {
		lines.push(...String(chunk).split('\n').filter(Boolean))
		lines.splice(0, Math.max(0, lines.length - 200))
	}
	child.stdout!.on('data', keep)
	child.stderr!.on('data', keep)
	Object.assign(child, { fleetName: name, fleetLines: lines })
	return child
}

const kept = (child: ChildProcess) => child as ChildProcess & { fleetName: string; fleetLines: string[] }

/** A started child's last lines of output, and whether and how it ended: what a failed wait on it needs. */
export function lastWordsOf(child: ChildProcess, count = 20) {
	const { fleetName, fleetLines } = kept(child)
	const ended = child.exitCode ?? child.signalCode
	return `${fleetName} (${ended === null ? 'running' : `ended: ${ended}`}):\n${fleetLines.slice(-count).join('\n')}`
}

/** The first output line matching `pattern` (its first group), or the process's output if it exits first. */
export function lineOf(child: ChildProcess, pattern: RegExp, timeoutMs = 180_000): Promise<string> {
	const { fleetName, fleetLines } = kept(child)
	return new Promise((resolve, reject) => {
		const found = () => fleetLines.map((line) => line.match(pattern)).find(Boolean)
		const check = () => {
			const match = found()
			if (!match) return
			cleanup()
			resolve(match[1] ?? match[0])
		}
		const exited = () => {
			cleanup()
			reject(new Error(`${fleetName} exited before it was ready:\n${fleetLines.join('\n')}`))
		}
		const timer = setTimeout(() => {
			cleanup()
			reject(new Error(`${fleetName} was not ready in ${timeoutMs / 1000} s:\n${fleetLines.join('\n')}`))
		}, timeoutMs)
		const cleanup = () => {
			clearTimeout(timer)
			child.stdout!.off('data', check)
			child.off('exit', exited)
		}
		child.stdout!.on('data', check)
		child.once('exit', exited)
		check()
	})
}

export async function stopChild(child: ChildProcess) {
	if (child.exitCode !== null || child.signalCode !== null) return
	const exited = new Promise((resolve) => child.once('exit', resolve))
	child.kill('SIGTERM')
	const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
	await exited
	clearTimeout(timer)
}

/**
 * A Rendo web server of its own (Vite in it: no build needed) on the test file's database and data
 * folder, for tests that talk to it over HTTP as an outside client does. Jobs run in it, so renders
 * finish (the local preview unless `env` names a provider).
 */
export async function startWebProcess(env: Record<string, string> = {}) {
	const port = await freePort()
	const child = await startChild('web', ['--import', 'tsx', 'server.ts', '--dev'], {
		PORT: String(port),
		HOST: '127.0.0.1',
		APP_URL: `http://127.0.0.1:${port}`,
		NODE_ENV: 'development',
		DATA_DIR: path.join(process.env.DATA_DIR!, 'web'),
		// No balancer polls its /ready: stopped, it need not keep serving 5 s for one to notice (the drain's own
		// test, tests/server-start.test.ts, sets the wait itself).
		DRAIN_READY_GRACE_MS: '0',
		...env,
	})
	try {
		await lineOf(child, /Rendo is running/)
	} catch (error) {
		await stopChild(child)
		throw error
	}
	return { url: `http://127.0.0.1:${port}`, child, stop: () => stopChild(child) }
}

import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'

export interface CliResult {
	code: number | null
	stdout: string
	stderr: string
}

// A config folder that does not exist, so holds no login: the local mode, whatever this machine's user saved.
const noLogin = path.join(os.tmpdir(), `rendo-no-login-${randomUUID()}`)

/**
 * Runs the real `rendo` binary in a child process. It inherits the test file's environment:
 * DATABASE_URL (this file's database), DATA_DIR (its files), CEO_EMAIL and LOG_LEVEL; never a
 * login of this machine's user (RENDO_CONFIG_DIR, RENDO_URL and RENDO_TOKEN come from `env` only).
 * A variable given as undefined in `env` is left out (DATABASE_URL: the embedded database of DATA_DIR).
 */
export function rendo(
	args: string[],
	{ stdin = '', env = {} }: { stdin?: string; env?: Record<string, string | undefined> } = {},
) {
	return new Promise<CliResult>((resolve, reject) => {
		const { RENDO_URL: _url, RENDO_TOKEN: _token, ...inherited } = process.env
		const child = spawn(process.execPath, ['cli/bin.js', ...args], {
			env: { ...inherited, RENDO_CONFIG_DIR: noLogin, ...env },
		})
		let stdout = ''
		let stderr = ''
		child.stdout.on('data', (d) => (stdout += d))
		child.stderr.on('data', (d) => (stderr += d))
		child.stdin.end(stdin)
		child.on('error', reject)
		child.on('exit', (code) => resolve({ code, stdout, stderr }))
	})
}

/** The command's standard output as JSON, failing with its output when it did not succeed. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read the JSON they asked for and assert its shape themselves.
export async function rendoJson<T = any>(args: string[], opts?: Parameters<typeof rendo>[1]): Promise<T> {
	const result = await rendo([...args, '--json'], opts)
	if (result.code !== 0) throw new Error(`rendo ${args.join(' ')} exited ${result.code}: ${result.stderr}`)
	return JSON.parse(result.stdout) as T
}

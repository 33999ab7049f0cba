import { spawnSync } from 'node:child_process'
import { expect, test } from 'vitest'

test('a malformed variable stops the server with one line naming it, not a stack trace', () => {
	const result = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
		env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
		encoding: 'utf8',
		timeout: 30_000,
	})
	expect(result.status).toBe(1)
	const lines = result.stderr.trim().split('\n')
	expect(lines).toHaveLength(1)
	expect(lines[0]).toMatch(/^Invalid configuration: .*PORT: .*DATABASE_URL: must be a postgres:\/\/ URL/)
})

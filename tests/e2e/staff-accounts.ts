import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { expect } from '@playwright/test'

/**
 * A new administrator's e-mail (their username). Staff accounts come from the CLI, as in
 * production, against the test server's embedded database.
 */
export function createAdmin(password: string) {
	const email = `ops.${randomUUID().slice(0, 8)}@example.com`
	const port = Number(process.env.E2E_PORT ?? 3210)
	const result = spawnSync('node', ['cli/bin.js', 'users', 'create-admin', '--email', email, '--password-stdin'], {
		input: `${password}\n`,
		encoding: 'utf8',
		env: {
			...process.env,
			DATA_DIR: process.env.E2E_DATA_DIR,
			EMBEDDED_PG_PORT: String(port + 1),
			CEO_EMAIL: 'ceo@rendo.test',
			LOG_LEVEL: 'warn',
		},
	})
	expect(result.status, result.stderr).toBe(0)
	return email
}

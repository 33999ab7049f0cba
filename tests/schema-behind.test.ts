import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, expect, inject, test } from 'vitest'
import { ensureDatabase } from '#core/platform/migrate.ts'
import { rendo } from './cli.ts'

/** A process's exit code and what it printed, run to its end. */
function run(args: string[], env: Record<string, string>) {
	return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
		const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
		let stdout = ''
		let stderr = ''
		child.stdout.on('data', (d) => (stdout += d))
		child.stderr.on('data', (d) => (stderr += d))
		child.on('error', reject)
		child.on('exit', (code) => resolve({ code, stdout, stderr }))
	})
}

const created: string[] = []
/** A database nobody has migrated: the oldest a schema can be. */
async function emptyDatabase() {
	const url = new URL(inject('pgAdminUrl'))
	url.pathname = `/rendo_behind_${randomUUID().slice(0, 8)}`
	await ensureDatabase(url.toString())
	created.push(url.pathname.slice(1))
	return url.toString()
}
afterAll(async () => {
	const admin = new pg.Client({ connectionString: inject('pgAdminUrl') })
	await admin.connect()
	for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`)
	await admin.end()
})

test('web and worker started on a database behind their code refuse with one line naming `rendo db migrate`; `rendo db migrate` brings it up to date', async () => {
	const env = { DATABASE_URL: await emptyDatabase(), PORT: '0', HOST: '127.0.0.1' }

	const refusal =
		/^The database is behind this code \(.+\): run `rendo db migrate` with this release, then start again$/
	for (const entry of ['server.ts', 'worker/main.ts']) {
		const started = await run(['--import', 'tsx', entry], env)
		expect(started.code, entry).toBe(1)
		expect(started.stderr.trim().split('\n'), entry).toEqual([expect.stringMatching(refusal)])
		expect(started.stdout, entry).not.toContain('running')
	}
	// The command line's data commands refuse it too, as a configuration problem (exit 2).
	const listed = await rendo(['users', 'list'], { env })
	expect(listed.code).toBe(2)
	expect(listed.stderr.trim()).toMatch(/^rendo: The database is behind this code .* run `rendo db migrate`/)

	const migrated = await rendo(['db', 'migrate'], { env })
	expect(migrated.stderr).toBe('')
	expect(migrated.code).toBe(0)
	expect((await rendo(['users', 'list'], { env })).code).toBe(0)
}, 120_000)

test('with MIGRATE_ON_START=true a process migrates a database behind its code instead of refusing it', async () => {
	const env = { DATABASE_URL: await emptyDatabase(), MIGRATE_ON_START: 'true' }
	const listed = await rendo(['users', 'list', '--json'], { env })
	expect(listed.stderr).toBe('')
	expect(listed.code).toBe(0)
	expect(JSON.parse(listed.stdout)).toEqual([])
}, 60_000)

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '#core/platform/embedded-postgres.ts'
import { ensureDatabase, migrateDatabase } from '#core/platform/migrate.ts'
import { freePort } from '#core/platform/free-port.ts'

export const TEMPLATE = 'rendo_template'

declare module 'vitest' {
	export interface ProvidedContext {
		pgAdminUrl: string
	}
}

/**
 * One real PostgreSQL for the whole run. A template database is migrated once (app tables and
 * graphile-worker's schema); each test file clones it, so files run in parallel in isolation.
 */
export default async function setup(project: TestProject) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-test-pg-'))
	// Thrown away after the run: nothing need wait for the disk, which the tests share with everything else.
	const pg = await startEmbeddedPostgres({ dir, port: await freePort(), password: 'test', durable: false })
	const templateUrl = pg.url(TEMPLATE)
	await ensureDatabase(templateUrl)
	await migrateDatabase(templateUrl)
	project.provide('pgAdminUrl', pg.url('postgres'))
	return async () => {
		await pg.stop()
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

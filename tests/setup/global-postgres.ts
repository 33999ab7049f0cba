import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '#core/platform/embedded-postgres.ts'
import { ensureDatabase, migrateDatabase } from '#core/platform/migrate.ts'
import { freePort } from '#core/platform/free-port.ts'
import { SPARE_PREFIX, TEMPLATE } from './databases.ts'

const SPARES_AHEAD = 4

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
	const cluster = await startEmbeddedPostgres({ dir, port: await freePort(), password: 'test', durable: false })
	const templateUrl = cluster.url(TEMPLATE)
	await ensureDatabase(templateUrl)
	await migrateDatabase(templateUrl)
	project.provide('pgAdminUrl', cluster.url('postgres'))
	const spares = keepSpares(cluster.url('postgres'))
	return async () => {
		await spares.stop()
		await cluster.stop()
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

/**
 * Clones the template while the tests run, so that a test file starting takes a database already made
 * (renamed to its own) instead of waiting the half second or more a clone takes; a file finding none
 * spare clones its own as before.
 */
function keepSpares(adminUrl: string) {
	let stopping = false
	const run = async () => {
		const client = new pg.Client({ connectionString: adminUrl })
		await client.connect()
		try {
			while (!stopping) {
				const { rows } = await client.query<{ spare: number }>(
					'select count(*)::int as spare from pg_database where datname like $1',
					[`${SPARE_PREFIX}%`],
				)
				if (rows[0].spare >= SPARES_AHEAD) await new Promise((resolve) => setTimeout(resolve, 100))
				else
					await client.query(
						`create database "${SPARE_PREFIX}${randomUUID().replaceAll('-', '')}" template ${TEMPLATE}`,
					)
			}
		} finally {
			await client.end()
		}
	}
	const running = run().catch(() => {
		// Spares only save time: a file that finds none clones the template itself.
	})
	return {
		stop: async () => {
			stopping = true
			await running
		},
	}
}

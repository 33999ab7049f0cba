import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, inject } from 'vitest'
import { SPARE_PREFIX, TEMPLATE } from './databases.ts'

const adminUrl = inject('pgAdminUrl')
const name = `rendo_t_${randomUUID().replaceAll('-', '').slice(0, 12)}`

async function admin<T>(use: (client: pg.Client) => Promise<T>) {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		return await use(client)
	} finally {
		await client.end()
	}
}

// A spare clone of the template made while other files ran (tests/setup/global-postgres.ts), renamed to this
// file's; another file may take the same one first, so the next is tried, and with none left the template is
// cloned here.
await admin(async (client) => {
	const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
		`${SPARE_PREFIX}%`,
	])
	for (const { datname } of rows) {
		const taken = await client.query(`alter database "${datname}" rename to "${name}"`).then(
			() => true,
			() => false,
		)
		if (taken) return
	}
	await client.query(`create database "${name}" template ${TEMPLATE}`)
})
const url = new URL(adminUrl)
url.pathname = `/${name}`
// Set before any test queries: the database client reads it once, on first use.
process.env.DATABASE_URL = url.toString()

afterAll(async () => {
	// Only a file that opened the database's pool has one to close (core/platform/db.ts keeps it on globalThis):
	// a file of pure functions never loads the database module, drizzle and the schema at all.
	if ((globalThis as { rendoDatabase?: unknown }).rendoDatabase) {
		const { closeDb } = await import('#core/platform/db.ts')
		await closeDb()
	}
	await admin((client) => client.query(`drop database "${name}" with (force)`))
})

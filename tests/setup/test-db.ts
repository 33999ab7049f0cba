import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, inject } from 'vitest'
import { closeDb } from '#core/platform/db.ts'

const adminUrl = inject('pgAdminUrl')
const name = `rendo_t_${randomUUID().replaceAll('-', '').slice(0, 12)}`

async function admin(query: string) {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		await client.query(query)
	} finally {
		await client.end()
	}
}

await admin(`create database "${name}" template rendo_template`)
const url = new URL(adminUrl)
url.pathname = `/${name}`
// Set before any test queries: the database client reads it once, on first use.
process.env.DATABASE_URL = url.toString()

afterAll(async () => {
	await closeDb()
	await admin(`drop database "${name}" with (force)`)
})

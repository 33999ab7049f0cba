import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { expect, inject, test } from 'vitest'
import { assertSchemaCurrent, ensureDatabase, migrateDatabase, SchemaBehindError } from './migrate.ts'

const SPEC_TABLES = [
	'users',
	'transformations',
	'properties',
	'property_tours',
	'client_preferences',
	'rendo_projects',
	'email_events',
	'offer_events',
	'agents',
	'brand_assets',
	'property_brochures',
	'room_images',
	'try_it_free_leads',
	'founding_member_applications',
	'property_studio_projects',
	'property_studio_rooms',
	'property_studio_variations',
	'property_studio_usage_events',
	'property_session_completions',
	'agent_billing_cycles',
	'agent_invoice_line_items',
	'agent_performance_metrics',
	'rendo_subscriptions',
	'api_usage_tracking',
	'business_metrics',
	'issue_tickets',
	'ticket_comments',
]

test('migrations build the whole data model on an empty database, and running them again changes nothing', async () => {
	const url = new URL(inject('pgAdminUrl'))
	url.pathname = `/rendo_empty_${randomUUID().slice(0, 8)}`
	await ensureDatabase(url.toString())
	await migrateDatabase(url.toString())
	await migrateDatabase(url.toString())

	const client = new pg.Client({ connectionString: url.toString() })
	await client.connect()
	try {
		const { rows } = await client.query<{ table_name: string }>(
			`select table_name from information_schema.tables where table_schema = 'public'`,
		)
		const tables = rows.map((r) => r.table_name)
		expect(SPEC_TABLES).toHaveLength(27)
		for (const table of SPEC_TABLES) expect(tables).toContain(table)
		const defaults = await client.query(
			`insert into users (username, password, email) values ('u1', 'x', 'u1@example.com') returning role, is_pioneer_agent, created_at`,
		)
		expect(defaults.rows[0]).toMatchObject({ role: 'user', is_pioneer_agent: false })
		const line = await client.query(`select column_default from information_schema.columns
			where table_name = 'agent_invoice_line_items' and column_name = 'unit_price'`)
		expect(line.rows[0].column_default).toBe('9900')
		const jobs = await client.query(`select count(*)::int as n from graphile_worker.jobs`)
		expect(jobs.rows[0].n).toBe(0)
	} finally {
		await client.end()
	}
})

test('a schema behind the code is refused with one line naming `rendo db migrate`; a check waits for a migration in progress', async () => {
	const url = new URL(inject('pgAdminUrl'))
	url.pathname = `/rendo_behind_${randomUUID().slice(0, 8)}`
	await ensureDatabase(url.toString())
	const database = url.toString()

	// Never migrated: every migration is missing.
	const empty = await assertSchemaCurrent(database).catch((error) => error)
	expect(empty).toBeInstanceOf(SchemaBehindError)
	expect(empty.message).toMatch(
		/^The database is behind this code \(\d+ migrations, up to \d{4}_\w+, not applied\): run `rendo db migrate` with this release, then start again$/,
	)

	await migrateDatabase(database)
	await expect(assertSchemaCurrent(database)).resolves.toBeUndefined()

	const client = new pg.Client({ connectionString: database })
	await client.connect()
	try {
		// One release behind: the newest migration is not applied.
		const { rows } = await client.query(
			'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at',
		)
		const behind = await assertSchemaCurrent(database).catch((error) => error)
		expect(behind).toBeInstanceOf(SchemaBehindError)
		expect(behind.message).toMatch(
			/^The database is behind this code \(migration \d{4}_\w+ not applied\): run `rendo db migrate`/,
		)

		// A migration under way (its lock held): the check waits for it, then reads what it left.
		await client.query(`select pg_advisory_lock(hashtext('rendo:migrate'))`)
		const checked = assertSchemaCurrent(database)
		await expect
			.poll(
				async () =>
					(
						await client.query(
							`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
						)
					).rows[0].n,
				{ timeout: 30_000 },
			)
			.toBe(1)
		await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
			rows[0].hash,
			rows[0].created_at,
		])
		await client.query(`select pg_advisory_unlock(hashtext('rendo:migrate'))`)
		await expect(checked).resolves.toBeUndefined()

		// A schema ahead of the code (a newer release migrated it) is not refused.
		await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
			'a-newer-release',
			Date.now() + 86_400_000,
		])
		await expect(assertSchemaCurrent(database)).resolves.toBeUndefined()
	} finally {
		await client.end()
		const admin = new pg.Client({ connectionString: inject('pgAdminUrl') })
		await admin.connect()
		await admin.query(`drop database "${url.pathname.slice(1)}" with (force)`)
		await admin.end()
	}
}, 60_000)

import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { expect, inject, test } from 'vitest'
import { ensureDatabase, migrateDatabase } from './migrate.ts'

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

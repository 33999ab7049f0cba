import { sql } from 'drizzle-orm'
import { PROPERTY_PRICE_PENCE } from '#core/billing/pricing.ts'
import { config } from '#core/platform/config.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { USAGE_EVENTS } from '#core/billing/usage-events.ts'

/**
 * The counts behind the operations dashboard and the monthly roll-up, each over [from, to).
 * Raw SQL: they are aggregates over several tables, clearer as queries than as builders.
 */

type Range = { from: Date; to: Date }

async function scalar(tx: Tx, query: ReturnType<typeof sql>) {
	const { rows } = await tx.execute<{ n: string | number | null }>(query)
	return Number(rows[0]?.n ?? 0)
}

/** Customers are signed-up users who are neither administrators nor the CEO. */
function customerFilter(alias: string) {
	const user = sql.raw(alias)
	return sql`${user}.role <> 'admin' and lower(${user}.email) <> ${config().ceoEmail ?? ''}`
}

/**
 * Distinct customers who did anything in the range: signed in, created a project, uploaded a
 * room, completed or downloaded (usage events), started a transformation or reported an issue.
 */
export function activeCustomers({ from, to }: Range, tx: Tx = db) {
	return scalar(
		tx,
		sql`select count(distinct a.user_id) as n from (
			select user_id, created_at from sessions
			union all select user_id, created_at from property_studio_projects
			union all select p.user_id, r.created_at from property_studio_rooms r join property_studio_projects p on p.id = r.project_id
			union all select user_id, created_at from property_studio_usage_events
			union all select user_id, created_at from transformations
			union all select user_id, created_at from issue_tickets
		) a join users u on u.id = a.user_id
		where a.created_at >= ${from} and a.created_at < ${to} and ${customerFilter('u')}`,
	)
}

/**
 * Revenue of the projects completed in the range: the invoice line's amount where the project
 * was invoiced, otherwise the one price (a card payment completes a project at £99).
 */
export function completionRevenue({ from, to }: Range, tx: Tx = db) {
	return scalar(
		tx,
		sql`select coalesce(sum(coalesce(l.total_amount, ${PROPERTY_PRICE_PENCE})), 0) as n
		from property_studio_projects p left join agent_invoice_line_items l on l.project_id = p.id
		where p.status = 'completed' and p.completed_at >= ${from} and p.completed_at < ${to}`,
	)
}

export function projectsCompleted({ from, to }: Range, tx: Tx = db) {
	return scalar(
		tx,
		sql`select count(*) as n from property_studio_projects
		where status = 'completed' and completed_at >= ${from} and completed_at < ${to}`,
	)
}

/** Distinct customers with a project completed in the range: the ones who paid. */
export function payingCustomers({ from, to }: Range, tx: Tx = db) {
	return scalar(
		tx,
		sql`select count(distinct user_id) as n from property_studio_projects
		where status = 'completed' and completed_at >= ${from} and completed_at < ${to}`,
	)
}

/** Monthly prices of subscriptions active at `at` (the product sells none; the table may hold legacy ones). */
export function activeSubscriptionRevenue(at: Date, tx: Tx = db) {
	return scalar(
		tx,
		sql`select coalesce(sum(monthly_price), 0) as n from rendo_subscriptions
		where status = 'active' and (start_date is null or start_date <= ${at}) and (end_date is null or end_date > ${at})`,
	)
}

/** Provider calls in the range: all, the successful ones, and the mean time of all. */
export async function renderCallStats({ from, to }: Range, tx: Tx = db) {
	const { rows } = await tx.execute<{ total: string; ok: string; avg_ms: string | null }>(
		sql`select count(*) as total, count(*) filter (where ok) as ok, avg(duration_ms) as avg_ms
		from render_calls where created_at >= ${from} and created_at < ${to}`,
	)
	const row = rows[0]
	return {
		total: Number(row.total),
		ok: Number(row.ok),
		failed: Number(row.total) - Number(row.ok),
		avgMs: row.avg_ms === null ? 0 : Math.round(Number(row.avg_ms)),
	}
}

/** Room photos uploaded to the studio in the range. */
export function imagesUploaded({ from, to }: Range, tx: Tx = db) {
	return scalar(
		tx,
		sql`select count(*) as n from property_studio_rooms where created_at >= ${from} and created_at < ${to}`,
	)
}

/** Favourites among the variations made in the range (favouriting itself is not timestamped). */
export function imagesHearted({ from, to }: Range, tx: Tx = db) {
	return scalar(
		tx,
		sql`select count(*) as n from property_studio_variations where is_favorite and created_at >= ${from} and created_at < ${to}`,
	)
}

export function finalDownloads({ from, to }: Range, tx: Tx = db) {
	return scalar(
		tx,
		sql`select count(*) as n from property_studio_usage_events
		where event_type = ${USAGE_EVENTS.finalDownload} and created_at >= ${from} and created_at < ${to}`,
	)
}

/** Customer accounts created in the range. */
export function newCustomers({ from, to }: Range, tx: Tx = db) {
	return scalar(
		tx,
		sql`select count(*) as n from users u where u.created_at >= ${from} and u.created_at < ${to} and ${customerFilter('u')}`,
	)
}

const ALL_TIME: Range = { from: new Date(0), to: new Date('9999-01-01T00:00:00Z') }

export async function allTimeCompletions(tx: Tx = db) {
	const [properties, revenue] = await Promise.all([projectsCompleted(ALL_TIME, tx), completionRevenue(ALL_TIME, tx)])
	return { properties, revenue }
}

/** Per customer with at least one project: completed properties and the revenue they brought. */
export async function customerUsage(tx: Tx = db, limit = 100) {
	const { rows } = await tx.execute<{
		first_name: string | null
		last_name: string | null
		username: string
		email: string
		properties: string
		revenue: string
	}>(
		sql`select u.first_name, u.last_name, u.username, u.email,
			count(p.id) filter (where p.status = 'completed') as properties,
			coalesce(sum(coalesce(l.total_amount, ${PROPERTY_PRICE_PENCE})) filter (where p.status = 'completed'), 0) as revenue
		from users u
		join property_studio_projects p on p.user_id = u.id
		left join agent_invoice_line_items l on l.project_id = p.id
		where ${customerFilter('u')}
		group by u.id
		order by revenue desc, properties desc, u.email
		limit ${limit}`,
	)
	return rows.map((r) => ({
		name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username,
		email: r.email,
		properties: Number(r.properties),
		totalRevenue: Number(r.revenue),
	}))
}

/** Founding-member applications by stage, and what the open ones are estimated to be worth. */
export async function foundingMemberPipeline(tx: Tx = db) {
	const { rows } = await tx.execute<{ pending: string; contacted: string; converted: string; pipeline: string }>(
		sql`select count(*) filter (where converted_at is null and contacted_at is null) as pending,
			count(*) filter (where converted_at is null and contacted_at is not null) as contacted,
			count(*) filter (where converted_at is not null) as converted,
			coalesce(sum(estimated_value) filter (where converted_at is null), 0) as pipeline
		from founding_member_applications`,
	)
	const r = rows[0]
	return {
		pending: Number(r.pending),
		contacted: Number(r.contacted),
		converted: Number(r.converted),
		pipelineValue: Number(r.pipeline),
	}
}

/** Open (or in progress) support tickets of critical priority. */
export function openCriticalTickets(tx: Tx = db) {
	return scalar(
		tx,
		sql`select count(*) as n from issue_tickets where priority = 'critical' and status in ('open', 'in-progress')`,
	)
}

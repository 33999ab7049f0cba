import { sql } from 'drizzle-orm'
import { PROVIDER_LABELS, RENDER_KINDS, type ProviderStatus, type RenderKind } from '#core/render/provider.ts'
import { db } from '#core/platform/db.ts'
import { styleLabel } from '#core/studio/labels.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'

// The dashboard refreshes every 30 s; the vendor is asked at most once a minute per process.
const STATUS_TTL_MS = 60_000
let cached: { at: number; status: ProviderStatus } | undefined

async function vendorStatus(now: number) {
	if (cached && now - cached.at < STATUS_TTL_MS) return cached.status
	const status = await stagingProvider().status()
	cached = { at: now, status }
	return status
}

/**
 * A call's failure that says the vendor is unavailable (a 5xx, a dropped connection, a timeout), as
 * render_calls records it: the dashboard tells those apart from refusals and rate limits by it.
 */
const UNAVAILABLE = 'Unavailable: '
export const vendorUnavailable = (error: unknown) =>
	new Error(`${UNAVAILABLE}${error instanceof Error ? error.message : String(error)}`)

/** Failed calls in a row, none answered since, from which the vendor counts as down on the dashboard. */
const OUTAGE_FAILURES = 3

/**
 * Since when the provider has been unavailable, fleet-wide: its calls that failed as unavailable
 * since it last answered one (every process records its calls; while a process's circuit is open
 * only its probes call). Null while it answers, or after fewer than OUTAGE_FAILURES such failures.
 */
async function vendorOutage(provider: string) {
	const { rows } = await db.execute<{ since: Date | null; last: Date | null; failed: number }>(sql`
		select min(created_at) as since, max(created_at) as last, count(*)::int as failed from render_calls
		where provider = ${provider} and not ok and error_message like ${`${UNAVAILABLE}%`}
			and created_at > coalesce((select max(created_at) from render_calls where provider = ${provider} and ok), '-infinity')`)
	const [row] = rows
	if (!row?.since || row.failed < OUTAGE_FAILURES) return null
	return {
		since: new Date(row.since).toISOString(),
		lastFailure: new Date(row.last!).toISOString(),
		failedCalls: row.failed,
	}
}

const KIND_LABELS: Record<RenderKind, string> = {
	staging: 'Staging',
	'multi-view': 'Multi-view',
	empty: 'Empty room',
	twilight: 'Twilight',
	enhance: 'Enhance',
	// Named as the gallery and the bot title their images.
	remove: styleLabel('remove'),
	renovate: styleLabel('renovate'),
}

/**
 * The operations dashboard's staging panel: which provider is on, whether it answers, the credits
 * it reports (staging, and image editing where the vendor counts it apart), and this month's
 * requests, images, failures and reported cost per provider and kind (from staging_renders, which
 * survive the clean-up of unkept variations).
 */
export async function stagingProviderHealth(range: { from: Date; to: Date }, now = Date.now()) {
	const provider = stagingProvider()
	const [status, { rows }, checks, outage] = await Promise.all([
		vendorStatus(now),
		db.execute<{
			provider: string
			kind: RenderKind
			renders: string
			images: string
			failed: string
			cost: string | null
			waits: string
		}>(sql`
			select provider, kind, count(*) filter (where state = 'delivered') as renders,
				coalesce(sum(received_count) filter (where state = 'delivered'), 0) as images,
				count(*) filter (where state = 'failed') as failed,
				sum(cost_usd_micros) as cost, coalesce(sum(busy_count), 0) as waits
			from (
				select *, coalesce(edit, scope->>'kind', case when style is null then 'empty'
					when reference_key is not null then 'multi-view' else 'staging' end) as kind
				from staging_renders where created_at >= ${range.from} and created_at < ${range.to}
			) requests
			group by provider, kind order by provider, array_position(${sql.raw(`array[${RENDER_KINDS.map((k) => `'${k}'`).join(',')}]`)}, kind)`),
		roomCheckRates(range),
		vendorOutage(provider.name),
	])
	return {
		provider: provider.name,
		label: PROVIDER_LABELS[provider.name] ?? provider.name,
		model: provider.model,
		isPreview: provider.isPreview,
		reachable: status.reachable,
		message: status.message ?? null,
		outage,
		credits: status.credits ?? null,
		editCredits: status.editCredits ?? null,
		thisMonth: rows.map((row) => ({
			provider: row.provider,
			label: PROVIDER_LABELS[row.provider] ?? row.provider,
			kind: row.kind,
			kindLabel: KIND_LABELS[row.kind] ?? row.kind,
			renders: Number(row.renders),
			images: Number(row.images),
			failed: Number(row.failed),
			costUsdMicros: row.cost === null ? null : Number(row.cost),
			rateLimitWaits: Number(row.waits),
		})),
		roomChecks: checks,
	}
}

/**
 * This month's room checks per provider and model: images checked, how many were flagged
 * ('check' or 'unaligned') and what the agents answered, and how many images the pipeline asked
 * for again by itself (core/staging/second-opinion.ts: unusable answers, and flagged ones with
 * ROOM_CHECK=replace, which never reach the gallery). A model that changes rooms more often than
 * others shows here first.
 */
async function roomCheckRates(range: { from: Date; to: Date }) {
	const { rows } = await db.execute<{
		provider: string
		model: string | null
		checked: string
		flagged: string
		kept: string
		replaced: string
		asked_again: string
	}>(sql`
		select provider, model, count(*) as checked,
			count(*) filter (where room_check <> 'ok') as flagged,
			count(*) filter (where room_check_answer = 'kept') as kept,
			count(*) filter (where room_check_answer = 'replaced') as replaced,
			(select coalesce(sum(again.count), 0) from staging_renders again
				where again.second_opinion_of is not null and again.provider = v.provider
					and again.model is not distinct from v.model
					and again.created_at >= ${range.from} and again.created_at < ${range.to}) as asked_again
		from property_studio_variations v
		where room_check is not null and provider is not null and created_at >= ${range.from} and created_at < ${range.to}
		group by provider, model order by provider, model`)
	return rows.map((row) => ({
		provider: row.provider,
		label: PROVIDER_LABELS[row.provider] ?? row.provider,
		model: row.model,
		checked: Number(row.checked),
		flagged: Number(row.flagged),
		flaggedPercent: Math.round((Number(row.flagged) / Number(row.checked)) * 1000) / 10,
		kept: Number(row.kept),
		replaced: Number(row.replaced),
		askedAgain: Number(row.asked_again),
	}))
}

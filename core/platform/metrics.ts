import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { config } from './config.ts'
import { openedPool } from './db.ts'

/**
 * The process's figures in Prometheus' text format: one registry, defined here and served by every
 * door (the web's /metrics, the worker's and the bot's METRICS_PORT). Labels are bounded sets
 * (route area, status class, provider, task), never a URL, id or message.
 */
function createMetrics() {
	const registry = new Registry()
	// The queue's depth and age and the renders in flight come from one query per scrape: a scrape
	// collects every metric at once, so the later gauges share the query the first started (and one
	// connection: the pool's waiting count stays what the work made it).
	let reading: Promise<SharedFigures> | undefined
	const shared = () => {
		reading ??= readShared().finally(() => {
			reading = undefined
		})
		return reading
	}
	// Process memory, CPU, handles and event-loop lag (rendo_nodejs_eventloop_lag_seconds...).
	collectDefaultMetrics({ register: registry, prefix: 'rendo_' })

	const httpRequestDuration = new Histogram({
		name: 'rendo_http_request_duration_seconds',
		help: 'Web requests from arrival to the last byte sent, by route area (the route folder) and status class',
		labelNames: ['area', 'status'] as const,
		buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
		registers: [registry],
	})
	const rendersSubmitted = new Counter({
		name: 'rendo_renders_submitted_total',
		help: 'Renders the staging provider accepted (a new render, variations added to one, or an immediate render)',
		labelNames: ['provider'] as const,
		registers: [registry],
	})
	const rendersFailed = new Counter({
		name: 'rendo_renders_failed_total',
		help: 'Staging requests that failed for good',
		labelNames: ['provider'] as const,
		registers: [registry],
	})
	const rendersRetried = new Counter({
		name: 'rendo_renders_retried_total',
		help: "The provider's 429s (rate limited; Gemini's RESOURCE_EXHAUSTED): each is waited out and the step retried later",
		labelNames: ['provider'] as const,
		registers: [registry],
	})
	const vendorCallDuration = new Histogram({
		name: 'rendo_vendor_call_duration_seconds',
		help: 'Calls to the staging provider (submit, poll, immediate render), by provider and outcome (ok, busy, error)',
		labelNames: ['provider', 'outcome'] as const,
		buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
		registers: [registry],
	})

	const vendorCallsInProgress = new Gauge({
		name: 'rendo_vendor_calls_in_progress',
		help: "Calls to the staging provider this process is waiting on (an immediate vendor's renders in flight)",
		labelNames: ['provider'] as const,
		registers: [registry],
	})
	const jobDuration = new Histogram({
		name: 'rendo_job_duration_seconds',
		help: 'Job attempts run by this process, from start to end, by task and outcome (ok, error: it threw and is retried or failed)',
		labelNames: ['task', 'outcome'] as const,
		buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
		registers: [registry],
	})
	const jobsFailed = new Counter({
		name: 'rendo_jobs_failed_total',
		help: 'Jobs that threw on their last attempt and stay failed in the queue, by task',
		labelNames: ['task'] as const,
		registers: [registry],
	})
	const imageFitDuration = new Histogram({
		name: 'rendo_image_fit_duration_seconds',
		help: "Staged images fitted to their photo's exact size (CPU time, not the wait for a core); resized: true (scaled and cropped), false (kept as it came) or aligned (warped onto the photo by the room check)",
		labelNames: ['resized'] as const,
		buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
		registers: [registry],
	})
	const imagesChecked = new Counter({
		name: 'rendo_images_checked_total',
		help: 'Vendor images the room check looked at, by provider and verdict (ok, check, unaligned, unusable)',
		labelNames: ['provider', 'verdict'] as const,
		registers: [registry],
	})

	// Read when scraped, from the pool as it is; a process whose pool is not open reports nothing.
	new Gauge({
		name: 'rendo_db_pool_connections',
		help: 'PostgreSQL pool connections of this process, by state (total, idle)',
		labelNames: ['state'] as const,
		registers: [registry],
		collect() {
			this.reset()
			const pool = openedPool()
			if (!pool) return
			this.set({ state: 'total' }, pool.totalCount)
			this.set({ state: 'idle' }, pool.idleCount)
		},
	})
	new Gauge({
		name: 'rendo_db_pool_waiting',
		help: 'Queries waiting for a PostgreSQL pool connection in this process',
		registers: [registry],
		collect() {
			this.reset()
			const pool = openedPool()
			if (pool) this.set(pool.waitingCount)
		},
	})

	new Gauge({
		name: 'rendo_job_queue_depth',
		help: 'Jobs due and not taken by a worker, by task',
		labelNames: ['task'] as const,
		registers: [registry],
		async collect() {
			const { queue } = await shared()
			this.reset()
			for (const row of queue) this.set({ task: row.task }, row.depth)
		},
	})
	new Gauge({
		name: 'rendo_job_queue_age_seconds',
		help: 'How long the oldest job due and not taken has been due, by task',
		labelNames: ['task'] as const,
		registers: [registry],
		async collect() {
			const { queue } = await shared()
			this.reset()
			for (const row of queue) this.set({ task: row.task }, row.age)
		},
	})

	// Read when scraped, from the shared table: every process reports the same fleet-wide figure.
	new Gauge({
		name: 'rendo_renders_in_flight',
		help: 'Staging requests at a deferred provider (being submitted, or submitted and not yet received), across all processes, by provider',
		labelNames: ['provider'] as const,
		registers: [registry],
		async collect() {
			const { renders } = await shared()
			this.reset()
			if (!renders) return
			this.set({ provider: config().render.provider }, 0)
			for (const row of renders) this.set({ provider: row.provider }, row.n)
		},
	})

	return {
		registry,
		httpRequestDuration,
		rendersSubmitted,
		rendersFailed,
		rendersRetried,
		vendorCallDuration,
		vendorCallsInProgress,
		jobDuration,
		jobsFailed,
		imageFitDuration,
		imagesChecked,
	}
}

type SharedFigures = {
	queue: { task: string; depth: number; age: number }[]
	renders: { provider: string; n: number }[] | undefined
}

/**
 * From the shared tables, in one query: jobs that are due, not locked and not out of attempts,
 * grouped by task, and staging requests in flight at a provider. Nothing when the pool is not open
 * or the query fails.
 */
async function readShared(): Promise<SharedFigures> {
	const pool = openedPool()
	if (!pool) return { queue: [], renders: undefined }
	try {
		const { rows } = await pool.query<{
			queue: SharedFigures['queue'] | null
			renders: SharedFigures['renders'] | null
		}>(
			`select
				(select json_agg(q) from (
					select task_identifier as task, count(*)::int as depth,
						greatest(extract(epoch from now() - min(run_at)), 0)::float8 as age
					from graphile_worker.jobs
					where locked_at is null and run_at <= now() and attempts < max_attempts
					group by task_identifier) q) as queue,
				(select coalesce(json_agg(r), '[]'::json) from (
					select provider, count(*)::int as n from staging_renders
					where state in ('submitting', 'submitted') group by provider) r) as renders`,
		)
		return { queue: rows[0].queue ?? [], renders: rows[0].renders ?? [] }
	} catch {
		return { queue: [], renders: undefined }
	}
}

// One set per process, even where a dev server loads this module again.
const key = Symbol.for('rendo.metrics')
const holder = globalThis as typeof globalThis & { [key]?: ReturnType<typeof createMetrics> }
export const metrics = (holder[key] ??= createMetrics())

/** "2xx", "4xx"...: five values whatever the statuses. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { openedPool } from './db.ts'

/**
 * The process's figures in Prometheus' text format: one registry, defined here and served by every
 * door (the web's /metrics, the worker's and the bot's METRICS_PORT). Labels are bounded sets
 * (route area, status class, provider, task), never a URL, id or message.
 */
function createMetrics() {
	const registry = new Registry()
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
		help: 'Waits after the provider said "not now" (429 or busy); each is retried later',
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

	// Depth and age come from one query per scrape: a scrape collects every metric at once, so the
	// second gauge shares the query the first started.
	let inFlight: Promise<QueueRow[]> | undefined
	const queue = () => {
		inFlight ??= readQueue().finally(() => {
			inFlight = undefined
		})
		return inFlight
	}
	new Gauge({
		name: 'rendo_job_queue_depth',
		help: 'Jobs due and not taken by a worker, by task',
		labelNames: ['task'] as const,
		registers: [registry],
		async collect() {
			const rows = await queue()
			this.reset()
			for (const row of rows) this.set({ task: row.task }, row.depth)
		},
	})
	new Gauge({
		name: 'rendo_job_queue_age_seconds',
		help: 'How long the oldest job due and not taken has been due, by task',
		labelNames: ['task'] as const,
		registers: [registry],
		async collect() {
			const rows = await queue()
			this.reset()
			for (const row of rows) this.set({ task: row.task }, row.age)
		},
	})

	return { registry, httpRequestDuration, rendersSubmitted, rendersFailed, rendersRetried, vendorCallDuration }
}

type QueueRow = { task: string; depth: number; age: number }

/** Jobs that are due, not locked and not out of attempts, grouped by task; nothing when the pool is not open or the query fails. */
async function readQueue(): Promise<QueueRow[]> {
	const pool = openedPool()
	if (!pool) return []
	try {
		const { rows } = await pool.query<QueueRow>(
			`select task_identifier as task, count(*)::int as depth,
				greatest(extract(epoch from now() - min(run_at)), 0)::float8 as age
			from graphile_worker.jobs
			where locked_at is null and run_at <= now() and attempts < max_attempts
			group by task_identifier`,
		)
		return rows
	} catch {
		return []
	}
}

// One set per process, even where a dev server loads this module again.
const key = Symbol.for('rendo.metrics')
const holder = globalThis as typeof globalThis & { [key]?: ReturnType<typeof createMetrics> }
export const metrics = (holder[key] ??= createMetrics())

/** "2xx", "4xx"...: five values whatever the statuses. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`

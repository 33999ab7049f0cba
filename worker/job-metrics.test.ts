import { expect, test } from 'vitest'
import { pool } from '#core/platform/db.ts'
import { metrics } from '#core/platform/metrics.ts'
import { startWorker } from './runner.ts'

/** One series' value in the registry's text, as a scraper reads it; 0 when it is not there yet. */
async function scraped(series: string) {
	const text = await metrics.registry.metrics()
	const line = text.split('\n').find((l) => l.startsWith(`${series} `))
	return line === undefined ? 0 : Number(line.slice(series.length + 1))
}

test('job run time by task and outcome, and jobs failed for good, count what the worker ran', async () => {
	const okSeries = 'rendo_job_duration_seconds_count{task="send_mail",outcome="ok"}'
	const errorSeries = 'rendo_job_duration_seconds_count{task="send_mail",outcome="error"}'
	const failedSeries = 'rendo_jobs_failed_total{task="send_mail"}'
	// Two mails that go out (to the outbox folder), one whose payload is refused on its only attempt,
	// and one refused with attempts left: it is retried later, not failed yet.
	const mail = { to: 'buyer@example.com', subject: 'Hello', text: 'A message' }
	await pool.query(
		`select graphile_worker.add_job('send_mail', $1::json), graphile_worker.add_job('send_mail', $1::json),
			graphile_worker.add_job('send_mail', '{"to":"not an address"}'::json, max_attempts => 1),
			graphile_worker.add_job('send_mail', '{"to":"not an address"}'::json, max_attempts => 3)`,
		[JSON.stringify(mail)],
	)
	const worker = await startWorker()
	try {
		await expect.poll(() => scraped(okSeries), { timeout: 60_000 }).toBe(2)
		await expect.poll(() => scraped(errorSeries), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
	} finally {
		await worker.stop()
	}
	expect(await scraped(failedSeries)).toBe(1)
	const text = await metrics.registry.metrics()
	expect(text).toMatch(/^rendo_job_duration_seconds_bucket\{le="300",task="send_mail",outcome="ok"\} 2$/m)
	expect(text).toContain('# TYPE rendo_jobs_failed_total counter')
	// What the queue holds agrees: the job out of attempts stays, failed; the other waits for its
	// retry (or has had it, on a slow machine); every attempt of theirs is an error observed.
	const { rows } = await pool.query<{ max_attempts: number; attempts: number }>(
		`select max_attempts, attempts from graphile_worker.jobs where task_identifier = 'send_mail' order by max_attempts`,
	)
	expect(rows.map((r) => r.max_attempts)).toEqual([1, 3])
	expect(rows[0].attempts).toBe(1)
	expect(await scraped(errorSeries)).toBe(rows[0].attempts + rows[1].attempts)
}, 90_000)

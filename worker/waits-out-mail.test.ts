import { type Runner, run, Logger } from 'graphile-worker'
import { afterAll, expect, test, vi } from 'vitest'
import { addJob } from '#core/platform/jobs.ts'
import { db, pool } from '#core/platform/db.ts'
import { MAIL_PROBE_INTERVAL_MS } from '#core/platform/mail/mail-outage.ts'
import { taskList } from './tasks.ts'

// A real SMTP server on loopback (tests/smtp-server.ts) that can answer 421 to every connection, as a
// server in trouble does, then take mail again; the mail service pointed at it before anything reads the config.
const smtp = await vi.hoisted(async () => {
	const server = await (await import('#tests/smtp-server.ts')).startSmtpServer()
	process.env.SMTP_URL = server.url
	return server
})
const subjectsReceived = () => smtp.state.received.map((mail) => mail.subject)

let worker: Runner | undefined
afterAll(async () => {
	await worker?.stop()
	await smtp.close()
})

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
	const deadline = Date.now() + timeoutMs
	while (!(await done())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

const mailJobs = async () =>
	(
		await pool.query<{ attempts: number; lastError: string | null }>(
			`select attempts, last_error as "lastError" from graphile_worker.jobs where task_identifier = 'send_mail'`,
		)
	).rows

test('a mail server refusing for a while: the mail waits, one connection a probe interval, and every mail goes out once when it is back, no attempt counted', async () => {
	smtp.state.refusing = true
	const concurrency = 4
	const subjects = Array.from({ length: 12 }, (_, i) => `Waiting mail ${i + 1}`)
	for (const [i, subject] of subjects.entries())
		await addJob(db, 'send_mail', { to: `buyer${i}@example.com`, subject, text: 'Hello' }, { jobKey: `test-mail:${i}` })
	worker = await run({
		pgPool: pool,
		taskList,
		concurrency,
		pollInterval: 100,
		noHandleSignals: true,
		logger: new Logger(() => () => {}),
	})

	// Two probe intervals of refusal, the twelve mails waiting all the while.
	const refusedFor = 2 * MAIL_PROBE_INTERVAL_MS
	await new Promise((resolve) => setTimeout(resolve, refusedFor))
	const refused = smtp.state.connectionsRefused
	// The jobs that were sending when it first refused (four at once), then one probe an interval (and
	// one more where a probe's timer and the wait meet): not one connection a mail, nor a mail a back-off.
	expect(refused).toBeGreaterThanOrEqual(2)
	expect(refused).toBeLessThanOrEqual(concurrency + refusedFor / MAIL_PROBE_INTERVAL_MS + 1)
	expect(subjectsReceived()).toEqual([])
	// Waiting is not failing: no attempt spent, no error recorded.
	expect((await mailJobs()).map((job) => [job.attempts, job.lastError])).toEqual(subjects.map(() => [0, null]))

	smtp.state.refusing = false
	await until('every mail sent', () => smtp.state.received.length >= subjects.length)
	await until('the queue empty', async () => (await mailJobs()).length === 0)
	expect(subjectsReceived().toSorted()).toEqual(subjects.toSorted())
	expect(smtp.state.connectionsRefused).toBe(refused)
}, 60_000)

test('a message the server refuses for good (550) fails its job as before: an attempt counted, with the reason', async () => {
	smtp.state.refusing = false
	await addJob(
		db,
		'send_mail',
		{ to: 'nobody@refused.example', subject: 'Bad address', text: 'Hello' },
		{ jobKey: 'test-mail:bad' },
	)
	await until('the attempt to fail', async () => (await mailJobs()).some((job) => job.lastError !== null))
	const [job] = await mailJobs()
	expect(job.attempts).toBe(1)
	expect(job.lastError).toMatch(/550/)
	// And the server is not taken for away: the next mail goes straight out.
	await addJob(
		db,
		'send_mail',
		{ to: 'buyer@example.com', subject: 'After the refusal', text: 'Hi' },
		{ jobKey: 'test-mail:ok' },
	)
	await until('the next mail sent', () => subjectsReceived().includes('After the refusal'))
})

/**
 * The mail server refusing for two minutes (421 to every connection, as a server in trouble answers)
 * with 300 mails queued, then taking mail again: graphile-worker's pool (the worker's, in this
 * process) on an embedded PostgreSQL cluster and a real SMTP server on loopback.
 * FAULT_SMTP_SECONDS shortens the refusal for a quick look.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Logger, run } from 'graphile-worker'
import { startEmbeddedPostgres } from '#core/platform/embedded-postgres.ts'
import { freePort } from '#core/platform/free-port.ts'
import { ensureDatabase, migrateDatabase } from '#core/platform/migrate.ts'
import { startSmtpServer } from '#tests/smtp-server.ts'
import { memoryOf } from '../app-server.ts'
import type { Fault } from './fault-row.ts'

const MAILS = 300
const REFUSED_S = Number(process.env.FAULT_SMTP_SECONDS ?? 120)

export const fault: Fault = {
	name: 'smtp refusing',
	async run() {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-fault-smtp-'))
		fs.chmodSync(dir, 0o755)
		const smtp = await startSmtpServer()
		smtp.state.refusing = true
		const cluster = await startEmbeddedPostgres({
			dir: path.join(dir, 'pg'),
			port: await freePort(),
			password: 'fault',
		})
		try {
			const url = cluster.url('rendo')
			await ensureDatabase(url)
			await migrateDatabase(url)
			// Read on first use by core's modules, loaded only now.
			process.env.DATABASE_URL = url
			process.env.DATA_DIR = dir
			process.env.SMTP_URL = smtp.url
			const { db, pool, closeDb } = await import('#core/platform/db.ts')
			const { addJob } = await import('#core/platform/jobs.ts')
			const { taskList } = await import('#worker/tasks.ts')

			for (let i = 0; i < MAILS; i++)
				await addJob(
					db,
					'send_mail',
					{ to: `buyer${i}@example.com`, subject: `Mail ${i}`, text: 'Hello' },
					{
						jobKey: `fault-mail:${i}`,
					},
				)
			// As a worker runs its CPU pool (WORKER_CONCURRENCY's default).
			const worker = await run({
				pgPool: pool,
				taskList,
				concurrency: 4,
				noHandleSignals: true,
				logger: new Logger(() => () => {}),
			})
			let peakRssMb = 0
			const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, memoryOf(process.pid).rss)), 250)
			await new Promise((resolve) => setTimeout(resolve, REFUSED_S * 1000))
			const connectionsDuring = smtp.state.connections
			smtp.state.refusing = false
			const cleared = performance.now()
			const deadline = Date.now() + 120_000
			while (smtp.state.received.length < MAILS && Date.now() < deadline)
				await new Promise((resolve) => setTimeout(resolve, 100))
			const allSentS = (performance.now() - cleared) / 1000
			clearInterval(sampler)
			await worker.stop()
			await closeDb()

			const { received } = smtp.state
			const unique = new Set(received.map((mail) => mail.subject))
			// The first mail the server took after it cleared (none came while it refused).
			const firstAfterAt = received[0]?.at
			return {
				fault: `SMTP answering 421 for ${REFUSED_S} s, ${MAILS} mails queued`,
				durationS: REFUSED_S,
				lost: MAILS - unique.size,
				paidTwice: 0,
				vendorCallsDuring: null,
				recoveryS: firstAfterAt === undefined ? null : (firstAfterAt - cleared) / 1000,
				peakRssMb,
				notes: `mails sent twice ${received.length - unique.size}; SMTP connections during the refusal ${connectionsDuring} (${(connectionsDuring / REFUSED_S).toFixed(2)} a second, one process); all ${unique.size} sent ${allSentS.toFixed(1)} s after it cleared`,
			}
		} finally {
			await cluster.stop()
			await smtp.close()
			fs.rmSync(dir, { recursive: true, force: true })
		}
	},
}

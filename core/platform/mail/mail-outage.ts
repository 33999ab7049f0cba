import { logger } from '../logger.ts'
import type { Mailer, MailMessage } from './mailer.ts'

/**
 * Thrown instead of sending while the mail server refuses: the job waits until `retryAt` and is
 * asked again then, without counting an attempt (worker/waits-out-mail.ts).
 */
export class MailServerDownError extends Error {
	constructor(
		message: string,
		readonly retryAt: Date,
		options?: ErrorOptions,
	) {
		super(message, options)
		this.name = 'MailServerDownError'
	}
}

/** How often one process asks a refusing mail server again; mail sent within this of it coming back. */
export const MAIL_PROBE_INTERVAL_MS = 5_000

/**
 * nodemailer's failures that say the server is away or busy, not that this message is wrong: no
 * connection (refused, timed out, dropped) and SMTP's 4xx replies ("421 Service not available",
 * "451 try again later"; RFC 5321 §4.2.1: transient, the client should try again). A 5xx reply
 * refuses this message and fails its job as before.
 */
export function isMailServerAway(error: unknown) {
	const { code, responseCode } = error as { code?: string; responseCode?: number }
	if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500
	return code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'EDNS'
}

/**
 * A mailer that stops knocking while its server refuses. The first send the server turns away marks
 * it away; from then on one send every MAIL_PROBE_INTERVAL_MS is let through to try it (the probe),
 * and the others throw MailServerDownError at once, so a queue of a thousand mails makes one
 * connection every five seconds, not a thousand with growing back-offs. Sends that come while a
 * probe is out wait for its answer: the mail queued for that moment goes with it when the server
 * is back, not an interval later. Per process: each worker probes for itself.
 */
export function waitingOutOutages(mailer: Mailer, probeIntervalMs = MAIL_PROBE_INTERVAL_MS): Mailer {
	let awaySince: number | undefined
	let nextProbeAt = 0
	/** Settles when the probe out now has its answer: whether the server took it. */
	let probe: Promise<boolean> | undefined
	const down = (why: string, cause?: unknown) =>
		new MailServerDownError(`The mail server is not taking mail: ${why}`, new Date(nextProbeAt), { cause })

	async function attempt(message: MailMessage) {
		try {
			const sent = await mailer.send(message)
			if (awaySince !== undefined) logger.info({ awayMs: Date.now() - awaySince }, 'the mail server takes mail again')
			awaySince = undefined
			return sent
		} catch (error) {
			// A refusal of this message (5xx) is an answer too: the server is there.
			if (!isMailServerAway(error)) {
				awaySince = undefined
				throw error
			}
			if (awaySince === undefined) {
				awaySince = Date.now()
				nextProbeAt = awaySince + probeIntervalMs
				logger.warn({ failure: (error as Error).message }, 'the mail server is not taking mail; mail waits')
			}
			throw down((error as Error).message, error)
		}
	}

	return {
		async send(message) {
			if (awaySince === undefined) return attempt(message)
			if (probe) {
				if (await probe) return attempt(message)
				throw down('waiting for the next try')
			}
			if (Date.now() < nextProbeAt) throw down('waiting for the next try')
			// This send is the probe.
			nextProbeAt = Date.now() + probeIntervalMs
			const sending = attempt(message)
			probe = sending.then(
				() => true,
				(error) => !(error instanceof MailServerDownError),
			)
			probe.finally(() => {
				probe = undefined
			})
			return sending
		},
	}
}

import type { Task, TaskList } from 'graphile-worker'
import { MailServerDownError } from '#core/platform/mail/mail-outage.ts'

/**
 * A job whose mail the server would not take (MailServerDownError) is not failed: graphile-worker
 * would count an attempt and back off exponentially (e^attempts seconds: the fifth retry of a mail
 * refused for two minutes came 2½ minutes after the server was back). It is asked again, as it was,
 * when the mailer next tries the server, with up to a second's jitter, and its attempts start
 * afresh. Every job that sends mail is queued with a key (a one-off mail's is unique), and the new
 * job takes it: graphile-worker's add_job gives the running job whose key is taken its last attempt,
 * so a process killed before this job is marked done never leaves both to send the mail.
 */
function waitingOutMail(task: Task): Task {
	return async (payload, helpers) => {
		try {
			return await task(payload, helpers)
		} catch (error) {
			if (!(error instanceof MailServerDownError)) throw error
			const { job } = helpers
			helpers.logger.info(`${job.task_identifier} waits for the mail server until ${error.retryAt.toISOString()}`)
			await helpers.addJob(job.task_identifier, job.payload, {
				runAt: new Date(error.retryAt.getTime() + Math.random() * 1_000),
				jobKey: job.key ?? `waiting-for-mail:${job.id}`,
				priority: job.priority,
				maxAttempts: job.max_attempts,
			})
		}
	}
}

/** Every task waits out the mail server this way: any of them may send mail. */
export function waitingOutMailAll(tasks: Record<string, Task>): TaskList {
	return Object.fromEntries(Object.entries(tasks).map(([name, task]) => [name, waitingOutMail(task)]))
}

import type { TaskList } from 'graphile-worker'
import { sendMail } from './tasks/send-mail.ts'

/** Each task parses its payload (jobs outlive deploys) and calls one core service. */
export const taskList: TaskList = {
	send_mail: sendMail,
}

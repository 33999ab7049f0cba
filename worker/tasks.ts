import type { TaskList } from 'graphile-worker'
import { RENDER_TASK } from '#core/studio/process-room.ts'
import { renderVariationsTask } from './tasks/render-variations.ts'
import { sendMail } from './tasks/send-mail.ts'

/** Each task parses its payload (jobs outlive deploys) and calls one core service. */
export const taskList: TaskList = {
	send_mail: sendMail,
	[RENDER_TASK]: renderVariationsTask,
}

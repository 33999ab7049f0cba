import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { isWorkflowStep, stepHref, type WorkflowStep } from '#app/components/studio/workflow-steps.ts'
import { isRefusal } from '#app/utils/api.server.ts'
import type { ProjectView } from '#core/studio/views.ts'

/**
 * A plain form (JavaScript off) names the step to come back to in a `next` field, and is
 * answered with a redirect there (Post/Redirect/Get). The workflow's fetchers send no `next`:
 * they stay on the page and read the action's data instead.
 */
export const NEXT_FIELD = 'next'

export function stepAfterPlainForm(fields: Record<string, string> | FormData): WorkflowStep | null {
	const next = fields instanceof FormData ? fields.get(NEXT_FIELD) : fields[NEXT_FIELD]
	return isWorkflowStep(next) ? next : null
}

export function stepUrl(project: Pick<ProjectView, 'id'>, step: WorkflowStep) {
	return `/property-studio/${project.id}${stepHref(step)}`
}

/** What to tell the agent about a refusal core explains itself; anything else is a bug, thrown on. */
export function knownFailure(error: unknown): string {
	if (isRefusal(error)) return error.message
	throw error
}

/** A 400 with form-level messages, shaped as conform's reply so the page shows them the same way. */
export function failureReply(messages: string[]) {
	const result: SubmissionResult = { status: 'error', error: { '': messages } }
	return data({ result }, { status: 400 })
}

import { ProjectAlreadyCompletedError } from '#core/studio/complete-project.ts'

/** A project completed already (by the webhook, another tab, a retry): 409, nothing changed. */
export function alreadyCompletedResponse(error: unknown) {
	if (!(error instanceof ProjectAlreadyCompletedError)) throw error
	return Response.json({ message: error.message }, { status: 409 })
}

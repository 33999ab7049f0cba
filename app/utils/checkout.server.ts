import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import type { CompletionSummary } from '#app/components/checkout/completion-screen.tsx'
import { ProjectAlreadyCompletedError } from '#core/studio/complete-project.ts'
import { signedCookieOptions } from './session.server.ts'

/** A project completed already (by the webhook, another tab, a retry): 409, nothing changed. */
export function alreadyCompletedResponse(error: unknown) {
	if (!(error instanceof ProjectAlreadyCompletedError)) throw error
	return Response.json({ message: error.message }, { status: 409 })
}

const CompletionSummarySchema = z.object({
	projectId: z.string(),
	mode: z.enum(['invoice', 'stripe']),
	invoiceNumber: z.string().nullable(),
	originals: z.number(),
	variations: z.number(),
	kept: z.number(),
}) satisfies z.ZodType<CompletionSummary>

/**
 * 'Project Complete' is shown once, after the completing post: a completed project's workflow is
 * closed (it redirects to its downloads), so the post redirects there with the summary in a flash
 * cookie, and the downloads page shows it in place of the list that first time.
 */
const completionStorage = createCookieSessionStorage({
	cookie: { name: 'rendo_completion', ...signedCookieOptions() },
})

export async function redirectToCompletion(summary: CompletionSummary) {
	const session = await completionStorage.getSession()
	session.flash('completion', summary)
	return redirect(`/property-studio/${summary.projectId}/downloads`, {
		headers: { 'set-cookie': await completionStorage.commitSession(session) },
	})
}

/** The summary flashed for this project (read once) and the header that clears it. */
export async function takeCompletion(request: Request, projectId: string) {
	const session = await completionStorage.getSession(request.headers.get('cookie'))
	const parsed = CompletionSummarySchema.safeParse(session.get('completion'))
	if (!parsed.success) return { summary: null, headers: undefined }
	const headers = { 'set-cookie': await completionStorage.destroySession(session) }
	return { summary: parsed.data.projectId === projectId ? parsed.data : null, headers }
}

import type { ActionFunctionArgs } from '@remix-run/node'
import { submitFreeTrial } from '#app/utils/free-trial.server.ts'
import { trialSuccessMessage } from '#core/leads/trial.schema.ts'
import type { AnswerOf, TrialStarted } from '#app/api-contract/answers.ts'

/** POST /api/try-it-free (multipart: name, email, roomType, style, requiresDeclutter, image). */
export async function action({ request, context }: ActionFunctionArgs) {
	const outcome = await submitFreeTrial(request, context)
	if (outcome.status === 201)
		return Response.json(
			{ success: true, message: trialSuccessMessage(outcome.email) } satisfies AnswerOf<typeof TrialStarted>,
			{ status: 201 },
		)
	return Response.json(
		{ message: outcome.message, ...(Object.keys(outcome.fieldErrors).length && { errors: outcome.fieldErrors }) },
		{
			status: outcome.status,
			headers: outcome.retryAfterSeconds ? { 'Retry-After': String(outcome.retryAfterSeconds) } : undefined,
		},
	)
}

import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import {
	ONBOARDED_LINKS,
	onboardedMessage,
	onboardFromRequest,
	refusalMessages,
} from '#app/utils/onboard-agent.server.ts'
import { requireUser } from '#core/accounts/actor.ts'
import type { AnswerOf, Onboarded, OnboardingRefused } from '#app/api-contract/answers.ts'

/** multipart: the onboarding fields and an optional `logo` → { success, message, errors, agentId, previewUrl, dashboardUrl }. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		// Check the session before reading a logo for nobody.
		const actor = await getActor(request)
		requireUser(actor)
		const outcome = await onboardFromRequest(request, actor)
		if (!outcome.ok)
			return Response.json(
				{
					success: false,
					message: outcome.error.message,
					errors: refusalMessages(outcome.error),
					fieldErrors: outcome.error.fieldErrors,
					agentId: null,
					previewUrl: null,
					dashboardUrl: null,
				} satisfies AnswerOf<typeof OnboardingRefused>,
				{ status: 400 },
			)
		return Response.json(
			{
				success: true,
				message: onboardedMessage(outcome.created),
				errors: [],
				agentId: outcome.agentId,
				...ONBOARDED_LINKS,
			} satisfies AnswerOf<typeof Onboarded>,
			{ status: outcome.created ? 201 : 200 },
		)
	})
}

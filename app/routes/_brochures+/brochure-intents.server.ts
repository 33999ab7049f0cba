import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { Actor } from '#core/accounts/actor.ts'
import { regenerateBrochure } from '#core/brochures/agent-brochures.ts'
import { SendBrochureSchema } from '#core/brochures/brochure.schema.ts'
import { sendBrochure } from '#core/brochures/send-brochure.ts'
import { InputError, RateLimitError } from '#core/errors.ts'
import { isRefusal } from '#app/utils/api.server.ts'
import type { IntentHandlers } from '#app/utils/intents.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export type BrochureIntentContext = { request: Request; actor: Actor }

/** Back to the dashboard at whichever of its two addresses the form was posted from, without ?send. */
function dashboardPath(request: Request) {
	return new URL(request.url).pathname
}

async function readBrochureForm(request: Request) {
	const formData = await request.formData()
	return { formData, brochureId: String(formData.get('brochureId') ?? '') }
}

/** 'Send to Buyer': the dialog's form; its errors go back to the dialog of the same brochure. */
async function send({ request, actor }: BrochureIntentContext) {
	const { formData, brochureId } = await readBrochureForm(request)
	const submission = parseWithZod(formData, { schema: SendBrochureSchema })
	if (submission.status !== 'success') return data({ brochureId, result: submission.reply() }, { status: 400 })
	try {
		const { message } = await sendBrochure(actor, brochureId, submission.value)
		return redirectWithToast(dashboardPath(request), { type: 'success', title: 'Brochure Sent', description: message })
	} catch (error) {
		if (!isRefusal(error)) throw error
		const fieldErrors = error instanceof InputError ? error.fieldErrors : {}
		const result = Object.keys(fieldErrors).length
			? submission.reply({ fieldErrors })
			: submission.reply({ formErrors: [error.message] })
		return data({ brochureId, result }, { status: error instanceof RateLimitError ? 429 : 400 })
	}
}

/** 'Rebuild' / 'Try Again': failed rooms rendered again and the PDF rebuilt in the current brand. */
async function regenerate({ request, actor }: BrochureIntentContext) {
	const { brochureId } = await readBrochureForm(request)
	try {
		await regenerateBrochure(actor, brochureId)
	} catch (error) {
		if (!isRefusal(error)) throw error
		return redirectWithToast(dashboardPath(request), {
			type: 'error',
			title: 'Failed to generate brochure',
			description: 'Please try again.',
		})
	}
	return redirectWithToast(dashboardPath(request), {
		title: 'Rebuilding Brochure',
		description: 'The brochure is being rebuilt in your current brand.',
	})
}

export const brochureIntents: IntentHandlers<BrochureIntentContext> = { send, regenerate }

import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { CheckoutFormSchema, checkoutSearch } from '#app/components/checkout/checkout-choice.ts'
import { afterPaymentPath } from '#app/components/checkout/purchase-notice.tsx'
import { redirectToCompletion } from '#app/utils/checkout.server.ts'
import { receiveLogo } from '#app/utils/logo-upload.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { uploadRefusal } from '#app/utils/upload-reply.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { getLogo } from '#core/accounts/logo.ts'
import { createPaymentIntent } from '#core/billing/payment-intents.ts'
import { checkoutSettings } from '#core/billing/stripe.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { completeProject, ProjectAlreadyCompletedError } from '#core/studio/complete-project.ts'
import { listRooms } from '#core/studio/rooms.ts'
import { listVariations } from '#core/studio/variations.ts'
import type { ProjectIntentContext, ProjectIntents } from './project-intent.server.ts'

/** What the Complete step reads from the page's loader: how the agent pays, and their logo. */
export async function checkoutPageData(actor: Actor) {
	return { checkout: checkoutSettings(), logo: await getLogo(actor) }
}

type Submission = {
	reply(options: { formErrors: string[]; fieldErrors: Record<string, string[]> }): SubmissionResult
}

/** A refusal the agent can act on, shown above the form; anything else is a bug and is thrown. */
function refused(submission: Submission, error: unknown) {
	const status =
		error instanceof InputError ? 400 : error instanceof ForbiddenError ? 403 : error instanceof NotFoundError ? 404 : 0
	if (!status) throw error
	const fieldErrors = error instanceof InputError ? error.fieldErrors : {}
	return data({ result: submission.reply({ formErrors: [(error as Error).message], fieldErrors }) }, { status })
}

/** Completed meanwhile (Stripe's webhook got there first, another tab): paid for, so on to the list as after any payment. */
const alreadyComplete = (projectId: string) =>
	redirectWithToast(afterPaymentPath(projectId), {
		type: 'success',
		title: 'Payment received',
		description: 'Your Rendos are ready to download.',
	})

/** The logo screen's multipart post; back to the review with branding on, the reason for a logo. */
async function uploadLogoIntent({ request, actor, project }: ProjectIntentContext) {
	try {
		await receiveLogo(request, actor)
	} catch (error) {
		if (!(error instanceof InputError)) throw error
		// The title ('Invalid File Type', 'File Too Large') above the form, the reason under the file.
		const title = Object.values(error.fieldErrors).flat().includes(error.message) ? [] : [error.message]
		return data({ result: uploadRefusal({}, error, title) }, { status: 400 })
	}
	const chosen = new URL(request.url).searchParams.getAll('variationIds')
	return redirectWithToast(
		`/property-studio/${project.id}${checkoutSearch({ stage: 'review', variationIds: chosen, watermarkingEnabled: true })}`,
		{ type: 'success', title: 'Logo Uploaded', description: 'Your images can now carry your logo.' },
	)
}

/**
 * The order: in invoice mode this completes the project (the £99 goes on the monthly invoice);
 * with Stripe, the card payment has already succeeded and the server completes it with the choice
 * recorded beside the PaymentIntent. Then 'Project Complete' on the downloads page.
 */
async function completeIntent({ request, actor, project }: ProjectIntentContext) {
	const submission = parseWithZod(await request.formData(), { schema: CheckoutFormSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	// Counted before the clean-up removes what is not kept: 'Project Complete' shows what there was.
	const [rooms, variations] = await Promise.all([listRooms(actor, project.id), listVariations(actor, project.id)])
	try {
		const completed = await completeProject(actor, project.id, submission.value)
		return redirectToCompletion({
			projectId: project.id,
			mode: completed.billing.mode,
			invoiceNumber: completed.billing.invoiceNumber,
			originals: rooms.length,
			variations: variations.filter((v) => v.status === 'completed').length,
			kept: completed.cleanupResult.keptCount,
		})
	} catch (error) {
		if (error instanceof ProjectAlreadyCompletedError) return alreadyComplete(project.id)
		return refused(submission, error)
	}
}

/** The card payment's PaymentIntent (Stripe mode): its client secret for Stripe Elements in the page. */
async function paymentIntentIntent({ request, actor, project }: ProjectIntentContext) {
	const submission = parseWithZod(await request.formData(), { schema: CheckoutFormSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const { clientSecret } = await createPaymentIntent(actor, { projectId: project.id, ...submission.value })
		return data({ result: submission.reply(), clientSecret })
	} catch (error) {
		if (error instanceof ProjectAlreadyCompletedError) return alreadyComplete(project.id)
		return refused(submission, error)
	}
}

export const checkoutIntents: ProjectIntents = {
	'upload-logo': uploadLogoIntent,
	complete: completeIntent,
	'payment-intent': paymentIntentIntent,
}

import { z } from 'zod'
import { CheckoutChoiceSchema } from '#core/billing/checkout.schema.ts'
import { logoFileProblem } from '#core/accounts/logo.schema.ts'

/**
 * The Complete step's screens, addressed by `?stage=` beside the workflow's `?step=download`, so
 * each is a page of its own (a plain form moves between them without JavaScript, the browser's
 * Back goes back a screen). The agent's choice rides along in the same query.
 */
export const CHECKOUT_STAGES = ['review', 'logo', 'payment'] as const
export type CheckoutStage = (typeof CHECKOUT_STAGES)[number]

export type CheckoutState = { stage: CheckoutStage; variationIds: string[]; watermarkingEnabled: boolean }

export const NOTHING_SELECTED = 'Select at least one image to keep.'
export const LOGO_MISSING = 'Upload your logo, or untick branding.'
export const CHOOSE_A_LOGO = 'Please choose a logo to upload'

/**
 * What the checkout forms post. The favourites to keep are required here: a form with every
 * box unticked means none, not the API's "every favourite when left out".
 */
export const CheckoutFormSchema = CheckoutChoiceSchema.extend({
	variationIds: z
		.array(z.string().uuid('Unknown image'), { required_error: NOTHING_SELECTED })
		.min(1, NOTHING_SELECTED)
		.max(1000),
})

/** The logo form: a file the logo rules accept (the server reads its bytes again). */
export const LogoFormSchema = z.object({
	logo: z.instanceof(File, { message: CHOOSE_A_LOGO }).superRefine((file, ctx) => {
		const problem = logoFileProblem(file)
		if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem.description })
	}),
})

/**
 * The screen and choice a URL asks for, kept to the project's favourites. Without `stage` it is
 * the first visit: every favourite selected, no branding.
 */
export function readCheckoutState(search: URLSearchParams, favouriteIds: readonly string[]): CheckoutState {
	const stage = CHECKOUT_STAGES.find((s) => s === search.get('stage'))
	if (!stage) return { stage: 'review', variationIds: [...favouriteIds], watermarkingEnabled: false }
	const chosen = new Set(search.getAll('variationIds'))
	return {
		stage,
		variationIds: favouriteIds.filter((id) => chosen.has(id)),
		watermarkingEnabled: search.get('watermarkingEnabled') === 'on',
	}
}

/** The choice as the review's form posts it (a checkbox sends 'on'). */
export function choiceParams(choice: Omit<CheckoutState, 'stage'>) {
	const params = new URLSearchParams()
	for (const id of choice.variationIds) params.append('variationIds', id)
	if (choice.watermarkingEnabled) params.set('watermarkingEnabled', 'on')
	return params
}

/** `?step=download&stage=…` with the choice, as the review's own form would send it. */
export function checkoutSearch(state: CheckoutState) {
	return `?${new URLSearchParams([['step', 'download'], ['stage', state.stage], ...choiceParams(state)])}`
}

/**
 * A screen's post to the page's `?intent=`: the screen's own URL plus the intent, so a refusal
 * renders that screen again with its reasons (and the choice is still there).
 */
export function intentAction(state: CheckoutState, intent: string) {
	return `${checkoutSearch(state)}&intent=${intent}`
}

/** Why the order cannot go ahead yet, in the review's words; null when it can. */
export function checkoutBlocker(choice: Omit<CheckoutState, 'stage'>, hasLogo: boolean) {
	if (choice.variationIds.length === 0) return NOTHING_SELECTED
	if (choice.watermarkingEnabled && !hasLogo) return LOGO_MISSING
	return null
}

import type { TrialActionData } from '#app/components/landing/try-it-free/try-it-free-section.tsx'
import { InputError, RateLimitError } from '#core/errors.ts'
import { countTrialSubmission, startTrial, TrialAlreadyUsedError } from '#core/leads/start-trial.ts'
import { ImageTooLargeError, UnsupportedImageError } from '#core/leads/trial-image.ts'
import { MAX_TRIAL_IMAGE_BYTES, TRIAL_MESSAGES } from '#core/leads/trial.schema.ts'
import { filledHoneypot, HONEYPOT_FIELD } from './honeypot.ts'
import { clientAddress } from './request.server.ts'
import { parseUpload } from './upload.server.ts'

export type TrialOutcome =
	| { status: 201; email: string }
	| {
			status: 400 | 409 | 413 | 415 | 429
			message: string
			fieldErrors: Record<string, string[]>
			/** What the visitor typed (never the file), to fill the form in again. */
			fields: Record<string, string>
			retryAfterSeconds?: number
	  }

function statusOf(error: unknown) {
	if (error instanceof TrialAlreadyUsedError) return 409
	if (error instanceof UnsupportedImageError) return 415
	if (error instanceof ImageTooLargeError) return 413
	if (error instanceof RateLimitError) return 429
	if (error instanceof InputError) return 400
	return null
}

async function readSubmission(request: Request) {
	try {
		return await parseUpload(request, {
			fileField: 'image',
			maxBytes: MAX_TRIAL_IMAGE_BYTES,
			tooLarge: TRIAL_MESSAGES.imageSize,
		})
	} catch (error) {
		// The stream was cut off at 5 MB.
		if (error instanceof InputError && error.fieldErrors.image?.includes(TRIAL_MESSAGES.imageSize))
			throw new ImageTooLargeError()
		throw error
	}
}

/**
 * One free-trial submission from the web, for both doors that take it (the JSON API and the landing
 * page's no-JavaScript form): the address's rate limit before the body is read, the body streamed
 * to disk with the 5 MB cut-off, the honeypot, then the core service. Unexpected errors are rethrown.
 */
export async function submitFreeTrial(request: Request, context: unknown): Promise<TrialOutcome> {
	let fields: Record<string, string> = {}
	try {
		await countTrialSubmission(clientAddress(context))
		const upload = await readSubmission(request)
		const { [HONEYPOT_FIELD]: _honeypot, ...typed } = upload.fields
		fields = typed
		try {
			if (filledHoneypot(upload.fields)) throw new InputError({}, 'Form not submitted properly')
			const lead = await startTrial(fields, upload.file)
			return { status: 201, email: lead.email }
		} finally {
			await upload.file?.cleanup()
		}
	} catch (error) {
		const status = statusOf(error)
		if (!status) throw error
		const { message } = error as Error
		return {
			status,
			message,
			fieldErrors: error instanceof InputError ? error.fieldErrors : {},
			fields,
			retryAfterSeconds: error instanceof RateLimitError ? error.retryAfterSeconds : undefined,
		}
	}
}

/** The landing page's answer to a form posted without JavaScript: a panel, or the form with errors. */
export function trialPageReply(outcome: TrialOutcome): TrialActionData {
	if (outcome.status === 201) return { kind: 'sent', email: outcome.email }
	if (outcome.status === 409) return { kind: 'used' }
	const hasFieldErrors = Object.keys(outcome.fieldErrors).length > 0
	return {
		kind: 'error',
		// Field errors show under their fields; anything else in the form's alert.
		message: hasFieldErrors ? null : outcome.message,
		result: { status: 'error', initialValue: outcome.fields, error: outcome.fieldErrors },
	}
}

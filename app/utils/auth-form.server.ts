import { data } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import { InputError, RateLimitError, UnauthenticatedError } from '#core/errors.ts'

/**
 * Turns a core error from an account form into the form's reply: field errors under their
 * fields, anything else in the red box above the form. Bugs are rethrown.
 */
export function replyWithError(
	submission: {
		reply(options: {
			formErrors?: string[]
			fieldErrors?: Record<string, string[]>
			hideFields?: string[]
		}): SubmissionResult
	},
	error: unknown,
) {
	const hideFields = ['password', 'confirmPassword']
	if (error instanceof InputError)
		return data({ result: submission.reply({ fieldErrors: error.fieldErrors, hideFields }) }, { status: 400 })
	if (error instanceof UnauthenticatedError)
		return data({ result: submission.reply({ formErrors: [error.message], hideFields }) }, { status: 401 })
	if (error instanceof RateLimitError)
		return data(
			{ result: submission.reply({ formErrors: [error.message], hideFields }) },
			{ status: 429, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
		)
	throw error
}

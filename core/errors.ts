/** Errors core services throw; each door maps them (web: status codes, CLI: exit codes, bot: replies). */

export class NotFoundError extends Error {
	name = 'NotFoundError'
	constructor(message = 'Not found') {
		super(message)
	}
}

export class ForbiddenError extends Error {
	name = 'ForbiddenError'
	constructor(message = 'Forbidden') {
		super(message)
	}
}

export class UnauthenticatedError extends Error {
	name = 'UnauthenticatedError'
	constructor(message = 'Not authenticated') {
		super(message)
	}
}

export type FieldErrors = Record<string, string[]>

/** Bad input: per-field messages in the spec's wording, and/or one message for the whole form. */
export class InputError extends Error {
	name = 'InputError'
	constructor(
		public fieldErrors: FieldErrors = {},
		message = Object.values(fieldErrors).flat()[0] ?? 'Invalid input',
	) {
		super(message)
	}
}

export class RateLimitError extends Error {
	name = 'RateLimitError'
	constructor(
		message: string,
		public retryAfterSeconds: number,
	) {
		super(message)
	}
}

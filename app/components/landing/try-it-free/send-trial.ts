/** How a free-trial submission ended, as the spec's client reads it (spec 01 §7, §8). */
export type TrialReply = { kind: 'sent' } | { kind: 'used' } | { kind: 'error'; message: string }

export const TRIAL_FAILED = 'Failed to process transformation'
export const UNEXPECTED_ERROR = 'An unexpected error occurred'

/**
 * POSTs the form as multipart to /api/try-it-free. 409 means the address was used already; any
 * other failure carries the server's `message`. The success body is not read.
 */
export async function sendTrial(body: FormData): Promise<TrialReply> {
	try {
		const response = await fetch('/api/try-it-free', { method: 'POST', body, credentials: 'include' })
		if (response.status === 409) return { kind: 'used' }
		if (response.ok) return { kind: 'sent' }
		const reply = (await response.json().catch(() => null)) as { message?: unknown } | null
		return {
			kind: 'error',
			message: typeof reply?.message === 'string' && reply.message ? reply.message : TRIAL_FAILED,
		}
	} catch (error) {
		return { kind: 'error', message: (error instanceof Error && error.message) || UNEXPECTED_ERROR }
	}
}

import type { LogoState } from '#core/accounts/logo.ts'
import type { CheckoutChoice } from '#core/billing/checkout.schema.ts'
import type { completeProject as completeProjectService } from '#core/studio/complete-project.ts'
import { postJson, request, StudioApiError } from '#app/components/studio/studio-api.ts'

export type CompletionAnswer = Awaited<ReturnType<typeof completeProjectService>>
export type { LogoState }

export function fetchLogo() {
	return request<LogoState>('/api/user/logo', { cache: 'no-store' }, 'Failed to fetch logo')
}

/** A refused logo: the spec's title ('Invalid File Type', 'File Too Large', 'Upload Failed') and why. */
export class LogoUploadError extends Error {
	name = 'LogoUploadError'
	constructor(
		public title: string,
		public description: string,
	) {
		super(title)
	}
}

export async function uploadLogo(file: File): Promise<LogoState> {
	const body = new FormData()
	body.append('logo', file)
	let response: Response
	try {
		response = await fetch('/api/user/upload-logo', { method: 'POST', body, credentials: 'same-origin' })
	} catch {
		throw new LogoUploadError('Upload Failed', 'Check your connection and try again.')
	}
	const answer = (await response.json().catch(() => null)) as
		| (LogoState & { message?: string; errors?: Record<string, string[]> })
		| null
	if (response.ok && answer) return answer
	throw new LogoUploadError(answer?.message || 'Upload Failed', answer?.errors?.logo?.[0] ?? 'Please try again.')
}

export async function createPaymentIntent(projectId: string, choice: CheckoutChoice, favoriteCount: number) {
	// amount and favoriteCount go along as the spec's client sends them; the server decides the price.
	return postJson<{ clientSecret: string }>(
		'/api/create-payment-intent',
		{ amount: 99, projectId, favoriteCount, ...choice },
		'Payment Setup Failed',
	)
}

/**
 * Completes the project. A 409 means it is already complete (the payment's webhook got there
 * first): that is success too, so it answers null rather than failing.
 */
export async function completeProject(projectId: string, choice: CheckoutChoice): Promise<CompletionAnswer | null> {
	try {
		return await postJson<CompletionAnswer>(
			`/api/property-studio/projects/${projectId}/complete`,
			choice,
			'Failed to complete project',
		)
	} catch (error) {
		if (error instanceof StudioApiError && error.status === 409) return null
		throw error
	}
}

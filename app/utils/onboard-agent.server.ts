import fs from 'node:fs/promises'
import { parseLogoUpload } from '#app/utils/logo-upload.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { InputError } from '#core/errors.ts'

/** Where the success screen's two buttons lead (spec 02 §4). */
export const ONBOARDED_LINKS = { previewUrl: '/test-brochure', dashboardUrl: '/dashboard' }

export function onboardedMessage(created: boolean) {
	return created
		? 'Your agent profile has been created successfully.'
		: 'Your agent profile has been updated successfully.'
}

/** The spec's list of a refusal's messages: every field's message, or the refusal's own. */
export function refusalMessages(error: InputError) {
	const messages = Object.values(error.fieldErrors).flat()
	return messages.length ? messages : [error.message]
}

export type OnboardingOutcome =
	| { ok: true; agentId: string; created: boolean; fields: Record<string, string> }
	| { ok: false; error: InputError; fields: Record<string, string> }

/**
 * The onboarding post both doors take (the page's action and POST /api/onboard-agent): the fields
 * and an optional `logo`, streamed under the logo's size limit, then the core service. Refusals
 * come back with the fields that were read, so a form can show them again; bugs are thrown.
 */
export async function onboardFromRequest(request: Request, actor: Actor): Promise<OnboardingOutcome> {
	let upload: Awaited<ReturnType<typeof parseLogoUpload>>
	try {
		upload = await parseLogoUpload(request)
	} catch (error) {
		if (!(error instanceof InputError)) throw error
		return { ok: false, error, fields: {} }
	}
	const { fields, file } = upload
	try {
		// An empty file input still sends a part: no bytes means no new logo.
		const logo = file && (await fs.stat(file.path)).size > 0 ? file : null
		const { agentId, created } = await onboardAgent(actor, fields, logo)
		return { ok: true, agentId, created, fields }
	} catch (error) {
		if (error instanceof InputError) return { ok: false, error, fields }
		throw error
	} finally {
		await file?.cleanup()
	}
}

import type { Actor } from '#core/accounts/actor.ts'
import { issueNewOriginalsAddress, setOriginalsPageEnabled } from '#core/disclosure/originals-address.ts'
import type { IntentHandlers } from '#app/utils/intents.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { orPropertyNotFound } from './property-not-found.server.ts'

/** The downloads page's controls of the property's originals page; core checks the actor owns it. */
export type OriginalsIntentContext = { actor: Actor; projectId: string }

const downloadsPath = (projectId: string) => `/property-studio/${projectId}/downloads`

function switchTo(enabled: boolean) {
	return async ({ actor, projectId }: OriginalsIntentContext) => {
		await orPropertyNotFound(setOriginalsPageEnabled(actor, projectId, enabled))
		return redirectWithToast(downloadsPath(projectId), {
			type: 'success',
			title: enabled ? 'Originals page on' : 'Originals page off',
			description: enabled
				? 'Anyone with its address or QR code can see the original photos.'
				: 'Its address answers "not found" until you switch it on again.',
		})
	}
}

async function newAddress({ actor, projectId }: OriginalsIntentContext) {
	await orPropertyNotFound(issueNewOriginalsAddress(actor, projectId))
	return redirectWithToast(downloadsPath(projectId), {
		type: 'success',
		title: 'New address issued',
		description: 'The old address now answers that it has been replaced.',
	})
}

export const originalsIntents: IntentHandlers<OriginalsIntentContext> = {
	'originals-off': switchTo(false),
	'originals-on': switchTo(true),
	'originals-new-address': newAddress,
}

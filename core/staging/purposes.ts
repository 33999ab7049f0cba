import { brochurePurpose } from '#core/brochures/render-room.ts'
import { trialPurpose } from '#core/leads/render-trial.ts'
import { studioPurpose } from '#core/studio/render-variations.ts'
import { transformationPurpose } from '#core/transformations/render-transformation.ts'
import type { PurposeHandler } from './purpose.ts'
import type { Purpose } from './request.ts'

const HANDLERS: Record<Purpose, PurposeHandler> = {
	studio: studioPurpose,
	trial: trialPurpose,
	transformation: transformationPurpose,
	brochure: brochurePurpose,
}

export function purposeOf(purpose: string): PurposeHandler {
	const handler = HANDLERS[purpose as Purpose]
	if (!handler) throw new Error(`No purpose called ${purpose}`)
	return handler
}

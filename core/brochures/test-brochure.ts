import { randomUUID } from 'node:crypto'
import { propertyBrochures } from '#db/schema/brochures.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { countHourlyUse } from '#core/accounts/rate-limit.ts'
import { db } from '#core/platform/db.ts'
import { storage } from '#core/platform/storage.ts'
import { brochureDownloadPath } from './agent-brochures.ts'
import { brochureBrand } from './brand.ts'
import { brochureFileName, storeBrochurePdf } from './build-brochure.ts'
import { SAMPLE_ADDRESS, SAMPLE_BUYER, SAMPLE_STYLE, sampleBrochureContent } from './sample-brochure.ts'
import { newBrochureToken } from './token.ts'

// Each test brochure is a stored PDF: a cap per account keeps a held-down button from filling the disk.
const TEST_BROCHURES_PER_HOUR = 20

/**
 * GET /api/test-brochure: the sample rooms we ship, in the caller's brand (or the defaults before
 * onboarding), built now rather than in a job so the answer carries a working link. It has no
 * property, so it is reached by its token only and never listed on the dashboard.
 */
export async function createTestBrochure(actor: Actor) {
	const { userId } = requireUser(actor)
	await countHourlyUse(`test-brochure:${userId}`, TEST_BROCHURES_PER_HOUR, 'test brochures')

	const brand = await brochureBrand(userId)
	const id = randomUUID()
	const uniqueToken = newBrochureToken()
	const fileName = `test-${brochureFileName(SAMPLE_ADDRESS, SAMPLE_BUYER)}`
	const { key } = await storeBrochurePdf(id, await sampleBrochureContent(brand))
	try {
		await db.insert(propertyBrochures).values({
			id,
			agentId: brand.agentId,
			brochureUrl: key,
			fileName,
			buyerName: SAMPLE_BUYER,
			stylePreference: SAMPLE_STYLE,
			generatedAt: new Date(),
			uniqueToken,
		})
	} catch (error) {
		await storage().delete(key)
		throw error
	}
	return {
		success: true as const,
		message: `Test brochure generated in your ${brand.templateStyle} template`,
		brochure: { fileName, uniqueToken, downloadUrl: brochureDownloadPath(uniqueToken) },
	}
}

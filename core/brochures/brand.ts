import { agentBrandFor } from '#core/accounts/agent-profile.ts'
import { readLogo } from '#core/accounts/logo.ts'
import type { BrochureContent } from './pdf/content.ts'

/** The brand a user's brochures are printed in, with the account logo's bytes. */
export async function brochureBrand(userId: string): Promise<BrochureContent['brand'] & { agentId: string | null }> {
	const [brand, logo] = await Promise.all([agentBrandFor(userId), readLogo(userId)])
	return { ...brand, logo }
}

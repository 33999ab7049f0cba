import { agentBrandFor } from '#core/accounts/agent-profile.ts'
import { readLogo } from '#core/accounts/logo.ts'
import type { BrochureContent } from './pdf/content.ts'

/**
 * The brand a user's brochures are printed in, with the account logo's bytes. Before the agent has
 * a brand profile the PDF is headed with the agent's own name, as the web brochure and the buyer
 * e-mail are: buyers are the agent's, and Rendo's name on their brochure misleads them.
 */
export async function brochureBrand(userId: string): Promise<BrochureContent['brand'] & { agentId: string | null }> {
	const [brand, logo] = await Promise.all([agentBrandFor(userId), readLogo(userId)])
	const companyName = brand.agentId ? brand.companyName : brand.agentName
	return { ...brand, companyName, logo }
}

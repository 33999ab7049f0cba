/** Browser-safe: the buyer pages' layout and the buyer e-mail both name the sender this way. */

/** The name a buyer knows the sender by: the agency, or the agent before there is a brand profile. */
export const brandName = (brand: { companyName: string | null; agentName: string }) =>
	brand.companyName ?? brand.agentName

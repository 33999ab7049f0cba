import { agentBrandFor } from '#core/accounts/agent-profile.ts'
import { isPreviewProvider } from '#core/render/provider.ts'
import { disclosureLabelOf } from './alteration.ts'
import { markImage } from '#core/studio/watermark.ts'

/**
 * Whether a render carries the "Virtually staged" label: the agency's choice, and never on the
 * local preview, which is not staged and says so in its captions instead.
 */
export const disclosureApplies = (agencyLabel: boolean, { isPreview }: { isPreview: boolean }) =>
	agencyLabel && !isPreview

/** The agency's setting for the account (on until the agency turns it off). */
export async function agencyDisclosure(userId: string) {
	return (await agentBrandFor(userId)).disclosureLabel
}

/** A render as it leaves Rendo outside the final downloads (the bot's results, favourites saved by the CLI). */
export async function disclosedImage(
	userId: string,
	image: Buffer,
	render: { provider: string | null; style: string },
) {
	if (!disclosureApplies(await agencyDisclosure(userId), { isPreview: isPreviewProvider(render.provider) }))
		return image
	return markImage(image, { logo: null, disclosure: disclosureLabelOf(render.style) })
}

import { eq } from 'drizzle-orm'
import { users } from '#db/schema/accounts.ts'
import { db } from '#core/platform/db.ts'
import { sharp } from '#core/platform/sharp.ts'
import { readBytes } from '#core/platform/storage.ts'
import { agentProfileFor } from './agent-profile.ts'
import { BRAND_DEFAULTS } from './agent-profile.schema.ts'
import { BODY_TEXT_CONTRAST, legibleOn, readableOn } from './brand-colours.ts'

/**
 * The colours a buyer-facing page or e-mail paints with, each text colour readable (4.5:1) on
 * what it sits on: the footer band in the primary colour, headings in it on white, links and
 * buttons in the accent. A colour that reads on white at 4.5:1 has white reading on it as well,
 * so white is the text on primaryText and accent backgrounds.
 */
export interface BuyerColours {
	primary: string
	onPrimary: string
	/** The primary colour as text on white. */
	primaryText: string
	/** The accent as text on white (links), and as a button's background under white text. */
	accent: string
}

/**
 * The agent as buyers see them on the pages and e-mail the agent sends (the originals page, the
 * web brochure, the brochure e-mail): the agency's name, logo, colours and contact. Before the
 * agent has a brand profile, the agent's own name and e-mail in neutral colours.
 */
export interface BuyerBrand {
	/** Null before onboarding: the page is headed with the agent's name alone. */
	companyName: string | null
	agentName: string
	email: string | null
	phone: string | null
	website: string | null
	colours: BuyerColours
	fontFamily: string | null
	/** When the account logo was uploaded (it versions the logo's URL); null: no logo. */
	logoVersion: number | null
}

// Grey-700 on white and white on it: a header that says nothing of anyone's brand, Rendo's included.
const NEUTRAL = { primary: '#374151', accent: '#374151', secondary: '#ffffff' }

function coloursOf({ primary, secondary, accent }: { primary: string; secondary: string; accent: string }) {
	return {
		primary,
		onPrimary: readableOn(primary, secondary, BODY_TEXT_CONTRAST),
		primaryText: legibleOn('#ffffff', primary),
		accent: legibleOn('#ffffff', accent),
	}
}

export async function buyerBrandFor(userId: string): Promise<BuyerBrand> {
	const [[user], profile] = await Promise.all([
		db
			.select({
				firstName: users.firstName,
				lastName: users.lastName,
				username: users.username,
				email: users.email,
				logoUrl: users.logoUrl,
				logoUploadedAt: users.logoUploadedAt,
			})
			.from(users)
			.where(eq(users.id, userId)),
		agentProfileFor(userId),
	])
	const logoVersion = user?.logoUrl ? (user.logoUploadedAt?.getTime() ?? 0) : null
	if (profile) {
		const { agent, brand } = profile
		return {
			companyName: agent.companyName,
			agentName: agent.agentName,
			email: agent.email,
			phone: agent.phone,
			website: agent.website,
			colours: coloursOf({
				primary: brand?.primaryColor ?? BRAND_DEFAULTS.primaryColor,
				secondary: brand?.secondaryColor ?? BRAND_DEFAULTS.secondaryColor,
				accent: brand?.accentColor ?? BRAND_DEFAULTS.accentColor,
			}),
			fontFamily: brand?.fontFamily ?? BRAND_DEFAULTS.fontFamily,
			logoVersion,
		}
	}
	return {
		companyName: null,
		agentName: [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.username || 'Your agent',
		email: user?.email ?? null,
		phone: null,
		website: null,
		colours: coloursOf(NEUTRAL),
		fontFamily: null,
		logoVersion,
	}
}

/** The storage key of the account logo a buyer-facing page shows, or null when there is none. */
export async function buyerLogoKey(userId: string) {
	const [user] = await db.select({ logoUrl: users.logoUrl }).from(users).where(eq(users.id, userId))
	return user?.logoUrl ?? null
}

// Twice the height an e-mail shows it at (48 px), for sharp screens; a 1200 px logo would weigh the mail down.
const MAIL_LOGO_BOX = { width: 480, height: 96 }

/** The account logo sized for an e-mail's header, as PNG bytes; null when there is none or its file is gone. */
export async function mailLogo(userId: string): Promise<Buffer | null> {
	const key = await buyerLogoKey(userId)
	const bytes = key ? await readBytes(key) : null
	if (!bytes) return null
	return sharp(bytes)
		.resize(MAIL_LOGO_BOX.width, MAIL_LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
		.png()
		.toBuffer()
}

import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { agents, brandAssets, users } from '#db/schema/accounts.ts'
import { isMarket, type MarketCode } from '#core/disclosure/markets.ts'
import { InputError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { parseInput } from '#core/validate.ts'
import { requireUser, type Actor } from './actor.ts'
import {
	AgentProfileSchema,
	BRAND_DEFAULTS,
	disclosureChoice,
	type FontFamily,
	type TemplateStyle,
} from './agent-profile.schema.ts'
import { getLogo, uploadLogo } from './logo.ts'

export const EMAIL_TAKEN = 'Another agent profile already uses this email address'

export interface AgentBrand {
	agentId: string | null
	companyName: string
	agentName: string
	email: string
	phone: string | null
	website: string | null
	primaryColor: string
	secondaryColor: string
	accentColor: string
	fontFamily: FontFamily
	templateStyle: TemplateStyle
	/** Whether staged photos and brochures carry the "Virtually staged" label. */
	disclosureLabel: boolean
	/** The agency's own words for the label's first line; null: the default per alteration. */
	disclosureText: string | null
	/** Where the agency lists: which listing rules Rendo names to it. */
	market: MarketCode
}

/** A stored market code, or the default for one no longer in the registry. */
const storedMarket = (code: string): MarketCode => (isMarket(code) ? code : BRAND_DEFAULTS.market)

/** The user's agent profile and brand, or null before onboarding. */
export async function agentProfileFor(userId: string) {
	const [row] = await db
		.select({ agent: agents, brand: brandAssets })
		.from(agents)
		.leftJoin(brandAssets, eq(brandAssets.agentId, agents.id))
		.where(eq(agents.userId, userId))
	return row ?? null
}

/**
 * What a brochure shows of its maker: the onboarded brand, or (before onboarding) the account's
 * name and e-mail in Rendo's default colours, so a brochure never waits for a profile.
 */
export async function agentBrandFor(userId: string): Promise<AgentBrand> {
	const profile = await agentProfileFor(userId)
	if (profile) {
		const { agent, brand } = profile
		return {
			agentId: agent.id,
			companyName: agent.companyName,
			agentName: agent.agentName,
			email: agent.email,
			phone: agent.phone,
			website: agent.website,
			primaryColor: brand?.primaryColor ?? BRAND_DEFAULTS.primaryColor,
			secondaryColor: brand?.secondaryColor ?? BRAND_DEFAULTS.secondaryColor,
			accentColor: brand?.accentColor ?? BRAND_DEFAULTS.accentColor,
			fontFamily: (brand?.fontFamily ?? BRAND_DEFAULTS.fontFamily) as FontFamily,
			templateStyle: (brand?.templateStyle ?? BRAND_DEFAULTS.templateStyle) as TemplateStyle,
			disclosureLabel: brand?.disclosureLabel ?? BRAND_DEFAULTS.disclosureLabel,
			disclosureText: brand?.disclosureText ?? null,
			market: storedMarket(agent.market),
		}
	}
	const [user] = await db.select().from(users).where(eq(users.id, userId))
	const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.username || 'Your agent'
	return {
		agentId: null,
		companyName: 'Rendo',
		agentName: name,
		email: user?.email ?? '',
		phone: null,
		website: null,
		...BRAND_DEFAULTS,
	}
}

function confirmationMail(profile: { agentName: string; companyName: string; email: string }, created: boolean) {
	const appUrl = config().appUrl
	const subject = created ? 'Your Rendo agent profile is ready' : 'Your Rendo agent profile was updated'
	const text = [
		`Hello ${profile.agentName},`,
		'',
		created
			? `Your agent profile for ${profile.companyName} has been created. Your brochures will now carry your logo, colours, font and template.`
			: `Your agent profile for ${profile.companyName} has been updated. New brochures will use your latest brand.`,
		'',
		`Preview your template: ${appUrl}/test-brochure`,
		`Go to your dashboard: ${appUrl}/dashboard`,
		'',
		'The Rendo team',
	].join('\n')
	return { to: profile.email, subject, text }
}

async function assertEmailFree(tx: Tx, userId: string, email: string) {
	const [taken] = await tx
		.select({ id: agents.id })
		.from(agents)
		.where(and(eq(sql`lower(${agents.email})`, email), sql`${agents.userId} is distinct from ${userId}`))
	if (taken) throw new InputError({ email: [EMAIL_TAKEN] })
}

/**
 * Onboarding (POST /api/onboard-agent): one agents row per account and one brand_assets row per
 * agent, so a second onboarding updates both, and a confirmation e-mail queued with them. The logo
 * (optional; the previous one stays when none is sent) is the account logo, stored by the same
 * service as POST /api/user/upload-logo, so the studio's watermark and the brochures show one mark.
 */
export async function onboardAgent(actor: Actor, input: unknown, logo?: { path: string } | null) {
	const { userId } = requireUser(actor)
	const fields = parseInput(AgentProfileSchema, input)
	// Checked before the logo is stored, and again under the lock below.
	await assertEmailFree(db, userId, fields.email)
	const logoState = logo ? await uploadLogo(actor, logo) : null

	return db.transaction(async (tx) => {
		// Two onboardings with the same e-mail (from two accounts) queue here instead of racing the unique index.
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rendo:agent-email:${fields.email}`}))`)
		await assertEmailFree(tx, userId, fields.email)
		const profile = {
			companyName: fields.companyName,
			agentName: fields.agentName,
			email: fields.email,
			phone: fields.phone ?? null,
			website: fields.website ?? null,
			market: fields.market,
		}
		const [existing] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.userId, userId))
		const [agent] = await tx
			.insert(agents)
			.values({ ...profile, userId })
			.onConflictDoUpdate({ target: agents.userId, set: profile })
			.returning()
		const brand = {
			primaryColor: fields.primaryColor,
			secondaryColor: fields.secondaryColor,
			accentColor: fields.accentColor,
			fontFamily: fields.fontFamily,
			templateStyle: fields.templateStyle,
			disclosureLabel: fields.disclosureLabel,
			// Kept whether the label is on or off, so turning it back on brings the agency's words back.
			disclosureText: fields.disclosureText ?? null,
			// The account logo's URL, for reference: brochures read the account logo itself (readLogo), so a
			// later upload through /api/user/upload-logo shows up in them too.
			...(logoState && { logoUrl: logoState.logoUrl }),
		}
		await tx
			.insert(brandAssets)
			.values({ ...brand, agentId: agent.id })
			.onConflictDoUpdate({ target: brandAssets.agentId, set: brand })
		const created = !existing
		// A key of its own, as every mail's job has one (worker/waits-out-mail.ts).
		await addJob(tx, 'send_mail', confirmationMail(agent, created), { jobKey: `profile-saved:${randomUUID()}` })
		return { agentId: agent.id, created }
	})
}

/** The values the wizard starts from: the saved profile, or null before the first onboarding. */
export async function onboardingDefaults(actor: Actor) {
	const { userId } = requireUser(actor)
	const [profile, logo] = await Promise.all([agentProfileFor(userId), getLogo(actor)])
	if (!profile) return { profile: null, logoUrl: logo.logoUrl }
	const { agent, brand } = profile
	return {
		profile: {
			agentId: agent.id,
			companyName: agent.companyName,
			agentName: agent.agentName,
			email: agent.email,
			phone: agent.phone ?? '',
			website: agent.website ?? '',
			primaryColor: brand?.primaryColor ?? BRAND_DEFAULTS.primaryColor,
			secondaryColor: brand?.secondaryColor ?? BRAND_DEFAULTS.secondaryColor,
			accentColor: brand?.accentColor ?? BRAND_DEFAULTS.accentColor,
			fontFamily: brand?.fontFamily ?? BRAND_DEFAULTS.fontFamily,
			templateStyle: brand?.templateStyle ?? BRAND_DEFAULTS.templateStyle,
			disclosureLabel: disclosureChoice(brand?.disclosureLabel ?? BRAND_DEFAULTS.disclosureLabel),
			disclosureText: brand?.disclosureText ?? '',
			market: storedMarket(agent.market),
		},
		logoUrl: logo.logoUrl,
	}
}

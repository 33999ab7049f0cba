import { z } from 'zod'
import { DEFAULT_MARKET, MARKET_CODES, type MarketCode } from '#core/disclosure/markets.ts'
import { optionalText, optionalWebsite } from '#core/shared-fields.schema.ts'

/** The agent brand profile (spec 01 §5, spec 02 §2). Browser-safe: the onboarding wizard imports it. */

export const FONT_FAMILIES = ['Inter', 'Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Playfair Display'] as const
export type FontFamily = (typeof FONT_FAMILIES)[number]

export const TEMPLATE_STYLES = ['modern', 'classic', 'luxury'] as const
export type TemplateStyle = (typeof TEMPLATE_STYLES)[number]

export const BRAND_DEFAULTS = {
	primaryColor: '#000000',
	secondaryColor: '#ffffff',
	accentColor: '#3b82f6',
	fontFamily: 'Inter',
	templateStyle: 'modern',
	disclosureLabel: true,
	disclosureText: null,
	market: DEFAULT_MARKET,
} as const satisfies {
	fontFamily: FontFamily
	templateStyle: TemplateStyle
	disclosureLabel: boolean
	disclosureText: string | null
	market: MarketCode
} & Record<string, string | boolean | null>

/** The words burnt into staged photos and printed beside them when the agency keeps the label on. */
export const DISCLOSURE_LABEL = 'Virtually staged'

/** How long the agency's own label words may be: short enough to fit the label's pill. */
export const LABEL_WORDS_LENGTH = { min: 3, max: 40 } as const

/** The toast after saving with the label off; the success screen then repeats the warning itself. */
export const LABEL_OFF_SAVED = `Your staged photos will carry no “${DISCLOSURE_LABEL}” label: read the note on listing rules below.`

/** The wizard's radio value for the disclosure setting. */
export const disclosureChoice = (on: boolean) => (on ? 'on' : 'off')

const hexColor = (fallback: string) =>
	z
		.string()
		.trim()
		.regex(/^#[0-9a-fA-F]{6}$/, 'Must be a valid hex color')
		.transform((v) => v.toLowerCase())
		.default(fallback)

export const AgentProfileSchema = z.object({
	companyName: z
		.string({ required_error: 'Company name is required' })
		.trim()
		.min(1, 'Company name is required')
		.max(120, 'Company name must be at most 120 characters'),
	agentName: z
		.string({ required_error: 'Agent name is required' })
		.trim()
		.min(1, 'Agent name is required')
		.max(120, 'Agent name must be at most 120 characters'),
	email: z
		.string({ required_error: 'Valid email address is required' })
		.trim()
		.toLowerCase()
		.email('Valid email address is required'),
	phone: optionalText(40),
	// A bare domain is taken: agencies type 'harbourhomes.co.uk' (stored as https://harbourhomes.co.uk).
	website: optionalWebsite,
	primaryColor: hexColor(BRAND_DEFAULTS.primaryColor),
	secondaryColor: hexColor(BRAND_DEFAULTS.secondaryColor),
	accentColor: hexColor(BRAND_DEFAULTS.accentColor),
	fontFamily: z
		.enum(FONT_FAMILIES, { errorMap: () => ({ message: 'Choose one of the listed fonts' }) })
		.default(BRAND_DEFAULTS.fontFamily),
	templateStyle: z
		.enum(TEMPLATE_STYLES, { errorMap: () => ({ message: 'Choose modern, classic or luxury' }) })
		.default(BRAND_DEFAULTS.templateStyle),
	// Where the agency lists: which listing rules Rendo names to it (core/disclosure/markets.ts).
	market: z
		.enum(MARKET_CODES, { errorMap: () => ({ message: 'Choose one of the listed markets' }) })
		.default(BRAND_DEFAULTS.market),
	// A choice of two radios ('on'/'off') in the wizard, so a form always sends it; JSON may send a boolean.
	disclosureLabel: z
		.preprocess(
			(value) => (typeof value === 'boolean' ? disclosureChoice(value) : value),
			z.enum(['on', 'off']).default('on'),
		)
		.transform((value) => value === 'on'),
	// Optional: empty means the default words for each alteration ("Virtually staged", "Twilight edit").
	disclosureText: z
		.string()
		.trim()
		.optional()
		.transform((value) => value || undefined)
		.pipe(
			z
				.string()
				.min(
					LABEL_WORDS_LENGTH.min,
					`Label wording must be ${LABEL_WORDS_LENGTH.min} to ${LABEL_WORDS_LENGTH.max} characters`,
				)
				.max(
					LABEL_WORDS_LENGTH.max,
					`Label wording must be ${LABEL_WORDS_LENGTH.min} to ${LABEL_WORDS_LENGTH.max} characters`,
				)
				.optional(),
		),
})
export type AgentProfileInput = z.input<typeof AgentProfileSchema>
export type AgentProfile = z.output<typeof AgentProfileSchema>

/** The wizard's steps and the fields each one must have valid before Next (spec 02 §4). */
export const ONBOARDING_STEPS = [
	{ title: 'Company Details', fields: ['companyName', 'agentName'] },
	{ title: 'Contact Information', fields: ['email', 'phone', 'website'] },
	{ title: 'Brand Assets', fields: ['primaryColor', 'secondaryColor', 'accentColor'] },
	{ title: 'Template Style', fields: ['fontFamily', 'templateStyle', 'market', 'disclosureLabel', 'disclosureText'] },
] as const satisfies ReadonlyArray<{ title: string; fields: ReadonlyArray<keyof AgentProfileInput> }>

// The logo goes through the account logo service (./logo.ts, rules in ./logo.schema.ts: PNG, JPEG
// or SVG below 5MB). The spec's onboarding hint ('PNG, JPG or GIF (MAX. 10MB)') contradicts those
// rules (spec 02 §9 notes the mismatch); the hint states the rules that apply.
export const LOGO_HINT = 'PNG, JPG or SVG (MAX. 5MB)'

import {
	BRAND_DEFAULTS,
	FONT_FAMILIES,
	TEMPLATE_STYLES,
	type FontFamily,
	type TemplateStyle,
} from '#core/accounts/agent-profile.schema.ts'
import type { ReactNode } from 'react'
import { themeFor } from '#core/brochures/pdf/theme.ts'

export type PreviewBrand = {
	companyName: string
	primaryColor: string
	secondaryColor: string
	accentColor: string
	fontFamily: FontFamily
	templateStyle: TemplateStyle
	logoUrl: string | null
}

const HEX = /^#[0-9a-f]{6}$/i
const oneOf = <T extends string>(options: readonly T[], value: string | undefined, fallback: T) =>
	(options as readonly string[]).includes(value ?? '') ? (value as T) : fallback

/**
 * The brand as typed so far, made drawable: a colour, font or template not (yet) valid shows as
 * its default, so the preview never breaks while someone types.
 */
export function previewBrand(
	values: Partial<
		Record<'companyName' | 'primaryColor' | 'secondaryColor' | 'accentColor' | 'fontFamily' | 'templateStyle', string>
	>,
	logoUrl: string | null,
): PreviewBrand {
	const colour = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback)
	return {
		companyName: values.companyName ?? '',
		primaryColor: colour(values.primaryColor, BRAND_DEFAULTS.primaryColor),
		secondaryColor: colour(values.secondaryColor, BRAND_DEFAULTS.secondaryColor),
		accentColor: colour(values.accentColor, BRAND_DEFAULTS.accentColor),
		fontFamily: oneOf(FONT_FAMILIES, values.fontFamily, BRAND_DEFAULTS.fontFamily),
		templateStyle: oneOf(TEMPLATE_STYLES, values.templateStyle, BRAND_DEFAULTS.templateStyle),
		logoUrl,
	}
}

const PHOTO = '/brochure-preview.jpg'
const ADDRESS = '14 Harbour View, Bristol'
const BUYER = 'Alex Morgan'

/**
 * The brochure cover in the chosen colours, font and template, drawn the way the PDF draws it
 * (same theme rules: core/brochures/pdf/theme.ts), so the wizard shows what buyers will get.
 */
export function BrandPreview({ brand }: { brand: PreviewBrand }) {
	const theme = themeFor(brand)
	const font = { fontFamily: `'${brand.fontFamily}', ui-sans-serif, sans-serif` }
	const company = brand.companyName.trim() || 'Your Company'
	const logo = brand.logoUrl ? <img src={brand.logoUrl} alt="" className="h-6 max-w-24 object-contain" /> : null

	let cover: ReactNode
	if (brand.templateStyle === 'classic')
		cover = (
			<div
				className="relative flex h-full items-center gap-3 p-4"
				style={{ backgroundColor: theme.paper, color: theme.ink }}
			>
				<div className="pointer-events-none absolute inset-1.5 border" style={{ borderColor: theme.primary }} />
				<div className="pointer-events-none absolute inset-2.5 border-[0.5px]" style={{ borderColor: theme.primary }} />
				<img
					src={PHOTO}
					alt=""
					className="h-4/5 w-1/2 border object-cover p-0.5"
					style={{ borderColor: theme.primary }}
				/>
				<div className="flex flex-1 flex-col items-center gap-1 text-center">
					{logo}
					<span className="text-[8px] tracking-[0.2em] uppercase" style={{ color: theme.primary }}>
						{company}
					</span>
					<span className="text-[10px] italic" style={{ color: theme.muted }}>
						A keepsake of your viewing
					</span>
					<span className="text-base leading-tight">{ADDRESS}</span>
					<span className="my-0.5 size-1.5 rotate-45" style={{ backgroundColor: theme.accentOnPaper }} />
					<span className="text-[10px] italic">Prepared for {BUYER}</span>
				</div>
			</div>
		)
	else if (brand.templateStyle === 'luxury')
		cover = (
			<div
				className="relative flex h-full flex-col items-center justify-between p-4 text-center text-white"
				style={{ backgroundColor: theme.paper }}
			>
				<img src={PHOTO} alt="" className="absolute inset-0 size-full object-cover" />
				<div className="absolute inset-0 bg-black/50" />
				<div className="relative">
					{logo ?? <span className="text-[9px] tracking-[0.3em] uppercase">{company}</span>}
				</div>
				<div className="relative flex flex-col items-center gap-1.5">
					<span className="h-px w-10" style={{ backgroundColor: theme.accent }} />
					<span className="text-base tracking-[0.2em] uppercase">{ADDRESS}</span>
					<span className="h-px w-10" style={{ backgroundColor: theme.accent }} />
					<span className="text-[8px] tracking-[0.25em] uppercase" style={{ color: theme.accent }}>
						A private presentation for {BUYER}
					</span>
				</div>
				<span className="relative text-[7px] tracking-[0.25em] uppercase">Scandinavian</span>
			</div>
		)
	else
		cover = (
			<div className="flex h-full" style={{ backgroundColor: theme.primary, color: theme.onPrimary }}>
				<img src={PHOTO} alt="" className="h-full w-[58%] object-cover" />
				<div className="flex flex-1 flex-col justify-between p-3">
					<div>
						{logo ? (
							<span className="inline-block rounded bg-white p-1">{logo}</span>
						) : (
							<span className="text-[10px] font-bold">{company}</span>
						)}
					</div>
					<div className="flex flex-col gap-1">
						<span className="h-1 w-6" style={{ backgroundColor: theme.accent }} />
						<span className="text-[7px] tracking-[0.2em]">POST-VIEWING BROCHURE</span>
						<span className="text-sm leading-tight font-bold">{ADDRESS}</span>
						<span className="text-[9px]">Prepared for {BUYER}</span>
					</div>
					<span className="text-[8px] font-bold">{company}</span>
				</div>
			</div>
		)

	return (
		<figure className="flex flex-col gap-2">
			<div
				role="img"
				aria-label={`Brochure cover preview: ${brand.templateStyle} template in ${brand.fontFamily}`}
				className="aspect-[297/210] w-full overflow-hidden rounded-lg border border-gray-200 shadow-md"
				style={font}
			>
				{cover}
			</div>
			<figcaption className="flex items-center gap-2 text-xs text-muted-foreground">
				{(['primaryColor', 'secondaryColor', 'accentColor'] as const).map((role) => (
					<span
						key={role}
						className="inline-block size-4 rounded-full border border-gray-300"
						style={{ backgroundColor: brand[role] }}
						aria-hidden
					/>
				))}
				<span>Cover preview</span>
			</figcaption>
		</figure>
	)
}

import { useMatches } from '@remix-run/react'
import { Mail, Phone } from 'lucide-react'
import type { CSSProperties, ReactNode } from 'react'
import { brandName } from '#core/accounts/brand-name.ts'
import type { BuyerBrand } from '#core/accounts/buyer-brand.ts'

/**
 * A route whose handle is this is a page for buyers (the originals page, the web brochure): the
 * root leaves out Rendo's header and footer, and the route draws its own in the agent's brand.
 */
export const buyerPageHandle = { layout: 'buyer' } as const

export function useIsBuyerPage() {
	return useMatches().some((match) => (match.handle as { layout?: string } | undefined)?.layout === 'buyer')
}

/** A website as people write it, without the scheme or a trailing slash. */
const shortWebsite = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '')

const contactLink =
	'inline-flex min-h-11 items-center gap-1.5 rounded-md px-1 text-sm font-medium underline-offset-2 hover:underline'

function Header({ brand, logoUrl }: { brand: BuyerBrand; logoUrl: string | null }) {
	const name = brandName(brand)
	return (
		<header
			className="border-t-4 border-b border-b-gray-200 bg-white"
			style={{ borderTopColor: brand.colours.primary }}
		>
			<div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
				{logoUrl ? (
					<img src={logoUrl} alt={name} className="h-12 w-auto max-w-[60%] object-contain sm:max-w-xs" />
				) : (
					<p className="text-lg font-bold tracking-tight text-brand">{name}</p>
				)}
				<nav aria-label={`Contact ${name}`} className="flex flex-wrap items-center gap-x-3 text-gray-900">
					{brand.phone ? (
						<a href={`tel:${brand.phone.replace(/[^\d+]/g, '')}`} className={contactLink}>
							<Phone aria-hidden className="size-4 text-brand" />
							{brand.phone}
						</a>
					) : null}
					{brand.email ? (
						<a href={`mailto:${brand.email}`} className={`${contactLink} max-sm:sr-only`}>
							<Mail aria-hidden className="size-4 text-brand" />
							{brand.email}
						</a>
					) : null}
				</nav>
			</div>
		</header>
	)
}

function Footer({ brand }: { brand: BuyerBrand | null }) {
	const { primary, onPrimary } = brand?.colours ?? { primary: '#f4f5f7', onPrimary: '#374151' }
	return (
		<footer style={{ backgroundColor: primary, color: onPrimary }}>
			<div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-end sm:justify-between sm:px-6">
				{brand ? (
					<address className="flex flex-col gap-0.5 not-italic">
						<span className="font-semibold">{brandName(brand)}</span>
						{brand.companyName ? <span>{brand.agentName}</span> : null}
						{brand.phone ? <a href={`tel:${brand.phone.replace(/[^\d+]/g, '')}`}>{brand.phone}</a> : null}
						{brand.email ? <a href={`mailto:${brand.email}`}>{brand.email}</a> : null}
						{brand.website ? <a href={brand.website}>{shortWebsite(brand.website)}</a> : null}
					</address>
				) : null}
				<p className="text-xs opacity-90">Made with Rendo</p>
			</div>
		</footer>
	)
}

/**
 * The frame of a buyer-facing page: the agency's logo (or name) and contact on top, its details
 * in its primary colour at the foot, and nothing of Rendo's but a small line there. Nothing is
 * sticky, so an image's anchor lands with its title in view. The page's own brand colours replace
 * the site's (text-brand, text-accent, buttons, focus rings), each made readable on white.
 * Without a brand (an address that opens nothing) only the content and the foot remain.
 */
export function BuyerLayout({
	brand,
	logoUrl = null,
	children,
}: {
	brand: BuyerBrand | null
	logoUrl?: string | null
	children: ReactNode
}) {
	const style = brand
		? ({
				'--color-brand': brand.colours.primaryText,
				'--color-accent': brand.colours.accent,
				fontFamily: brand.fontFamily ? `'${brand.fontFamily}', var(--font-sans)` : undefined,
			} as CSSProperties)
		: undefined
	return (
		<div className="flex flex-1 flex-col" style={style}>
			{brand ? <Header brand={brand} logoUrl={logoUrl} /> : null}
			<main className="flex-1">{children}</main>
			<Footer brand={brand} />
		</div>
	)
}

import { Link } from '@remix-run/react'

export const TAGLINE = 'See the Potential. Sell the Vision.'

export function SiteFooter({ year }: { year: number }) {
	return (
		<footer className="border-t border-gray-200 bg-muted print:hidden">
			<div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
				<div className="flex flex-col gap-1">
					<p className="font-semibold text-brand">{TAGLINE}</p>
					<p>© {year} Rendo. All rights reserved.</p>
				</div>
				<nav aria-label="Footer" className="flex gap-2">
					<Link to="/about" className="inline-flex min-h-11 items-center px-2 hover:text-brand">
						About
					</Link>
					<Link to="/pricing" className="inline-flex min-h-11 items-center px-2 hover:text-brand">
						Pricing
					</Link>
				</nav>
			</div>
		</footer>
	)
}

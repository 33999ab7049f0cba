import { Link } from '@remix-run/react'
import { ArrowRight } from 'lucide-react'
import { getStartedLink, type PioneerStatus } from '#app/components/site-header.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'

/** An outline button on the dark brand colour (the outline variant is drawn for white pages). */
export const onBrandOutlineClasses =
	'inline-flex h-12 items-center justify-center gap-2 rounded-md border border-white/50 px-6 text-base font-medium text-white transition-colors hover:bg-white/10'

/** Get started (the pioneer sign-up while spots remain) and Learn more; `onBrand` for a dark band. */
export function CallToAction({ pioneer, onBrand = false }: { pioneer: PioneerStatus; onBrand?: boolean }) {
	const getStarted = getStartedLink(pioneer)
	return (
		<div className="flex flex-col gap-3 sm:flex-row">
			<Link
				to={getStarted.to}
				className={cn(
					buttonClasses({ size: 'lg', variant: onBrand ? 'secondary' : 'primary' }),
					'h-auto min-h-12 py-2 text-center',
				)}
			>
				{getStarted.label}
				<ArrowRight aria-hidden className="size-4 shrink-0" />
			</Link>
			<Link to="/about" className={onBrand ? onBrandOutlineClasses : buttonClasses({ size: 'lg', variant: 'outline' })}>
				Learn more
				{/* Said to screen readers and search engines, for whom "Learn more" alone names no destination. */}
				<span className="sr-only"> about Rendo</span>
			</Link>
		</div>
	)
}

/** The page's last word before the footer. */
export function ClosingCallToAction({ pioneer }: { pioneer: PioneerStatus }) {
	return (
		<section aria-labelledby="get-started-heading" className="bg-brand text-brand-foreground">
			<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-14 sm:px-6 sm:py-20">
				<h2 id="get-started-heading" className="text-2xl font-bold tracking-tight sm:text-4xl">
					Ready to stage your next listing?
				</h2>
				<p className="max-w-2xl text-lg text-white/80">
					Upload a room from your phone and show your vendor the staged version before you leave the property.
				</p>
				<CallToAction pioneer={pioneer} onBrand />
			</div>
		</section>
	)
}

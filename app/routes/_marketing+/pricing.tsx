import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { ArrowRight, Check, Download, Gift, Images, Palette, Smartphone, Stamp, type LucideIcon } from 'lucide-react'
import { PRO_BENEFITS } from '#app/components/landing/pro-benefits.ts'
import { getStartedLink } from '#app/components/site-header.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { useRootData } from '#app/root.tsx'
import { cn } from '#app/utils/cn.ts'

export const meta: MetaFunction = () => [
	{ title: 'Pricing | Rendo' },
	{ name: 'description', content: '£99 per completed property. No subscription, no setup fees.' },
]

const terms = ['Pay as you go', 'No subscription', 'No setup fees', 'Pay only when a property is completed']

const included: Array<{ icon: LucideIcon; title: string; description: string }> = [
	{
		icon: Smartphone,
		title: 'Every room of the property',
		description: 'Upload as many rooms as the listing has, from your phone or computer.',
	},
	{
		icon: Palette,
		title: 'Several styles per room',
		description: 'Modern, Luxury, Scandinavian, Industrial, Mid-Century and Farmhouse, three variations each.',
	},
	{
		icon: Images,
		title: 'Remodels and favourites',
		description: 'Ask for another take on any style, and keep the favourites you choose.',
	},
	{ icon: Download, title: 'Downloads', description: 'Your chosen images in full size, as one ZIP file.' },
	{
		icon: Stamp,
		title: 'Your brand',
		description: 'Your logo on the images, and branded post-viewing brochures to send to buyers.',
	},
]

function CheckList({ items, iconClassName = 'text-green-700' }: { items: string[]; iconClassName?: string }) {
	return (
		<ul className="flex flex-col gap-3">
			{items.map((item) => (
				<li key={item} className="flex items-start gap-3">
					<Check aria-hidden className={`mt-0.5 size-5 shrink-0 ${iconClassName}`} />
					<span>{item}</span>
				</li>
			))}
		</ul>
	)
}

export default function Pricing() {
	const getStarted = getStartedLink(useRootData()?.pioneer)
	return (
		<div className="mx-auto flex max-w-5xl flex-col gap-14 px-4 py-10 sm:px-6 sm:py-16">
			<div className="flex flex-col gap-3 text-center">
				<h1 className="text-3xl font-bold tracking-tight text-brand sm:text-5xl">Simple, per-property pricing</h1>
				<p className="mx-auto max-w-2xl text-lg text-muted-foreground">
					One price for each property you complete. Stage as many rooms and styles as the listing needs.
				</p>
			</div>
			<div className="grid gap-6 md:grid-cols-2">
				<section
					aria-labelledby="payg-heading"
					className="flex flex-col gap-6 rounded-2xl border border-gray-200 p-6 shadow-sm sm:p-8"
				>
					<div className="flex flex-col gap-2">
						<h2 id="payg-heading" className="text-lg font-semibold text-gray-900">
							Per property
						</h2>
						<p>
							<span className="text-5xl font-bold text-brand">£99</span>{' '}
							<span className="text-muted-foreground">per completed property</span>
						</p>
					</div>
					<CheckList items={terms} />
					<Link
						to={getStarted.to}
						className={cn(buttonClasses({ size: 'lg' }), 'mt-auto h-auto min-h-12 py-3 text-center')}
					>
						{getStarted.label}
					</Link>
				</section>
				<section
					aria-labelledby="pro-heading"
					className="flex flex-col gap-6 rounded-2xl bg-brand p-6 text-brand-foreground shadow-sm sm:p-8"
				>
					<div className="flex flex-col gap-2">
						<h2 id="pro-heading" className="text-lg font-semibold">
							Rendo Pro
						</h2>
						<p className="text-white/80">Everything an agency needs to stage, brand and follow up every listing.</p>
					</div>
					<CheckList items={PRO_BENEFITS} iconClassName="text-green-300" />
					<Link to="/register" className={cn(buttonClasses({ variant: 'secondary', size: 'lg' }), 'mt-auto')}>
						Get Started with Rendo Pro
					</Link>
				</section>
			</div>

			<section aria-labelledby="included-heading" className="flex flex-col gap-6">
				<div className="flex flex-col gap-2">
					<h2 id="included-heading" className="text-2xl font-bold tracking-tight text-gray-900">
						What the price includes
					</h2>
					<p className="text-muted-foreground">
						A property is complete when you confirm your favourites and download them. That is when the £99 is charged:
						nothing before, nothing per room, nothing per style. Twilight and Enhance photos are priced and counted as
						variations, like staging, so the same £99 covers them.
					</p>
				</div>
				<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
					{included.map(({ icon: Icon, title, description }) => (
						<li key={title} className="flex flex-col gap-2 rounded-xl border border-gray-200 p-5">
							<Icon aria-hidden className="size-5 text-brand" />
							<h3 className="font-semibold text-gray-900">{title}</h3>
							<p className="text-sm text-muted-foreground">{description}</p>
						</li>
					))}
				</ul>
			</section>

			<div className="flex flex-col gap-4 rounded-2xl bg-muted p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
				<div className="flex flex-col gap-1">
					<p className="text-lg font-semibold text-gray-900">Not sure yet?</p>
					<p className="text-muted-foreground">
						Send us one room photo and we'll e-mail it back transformed, free, no account needed.
					</p>
				</div>
				<div className="flex flex-col gap-3 sm:flex-row">
					<Link to="/#try-it-free" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
						<Gift aria-hidden className="size-4" />
						Try it free
					</Link>
					<Link to="/pioneer-program" className={buttonClasses({ size: 'lg', variant: 'ghost' })}>
						Pioneer Agent Program
						<ArrowRight aria-hidden className="size-4" />
					</Link>
				</div>
			</div>
		</div>
	)
}

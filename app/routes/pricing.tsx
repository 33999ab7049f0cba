import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { Check } from 'lucide-react'
import { getStartedLink } from '#app/components/site-header.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { useRootData } from '#app/root.tsx'

export const meta: MetaFunction = () => [{ title: 'Pricing | Rendo' }]

const terms = ['Pay as you go', 'No subscription', 'No setup fees', 'Pay only when a property is completed']

const proBenefits = [
	'Unlimited property transformations',
	'Professional branded brochures',
	'Client engagement tracking',
	'Priority support',
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
		<div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-16">
			<div className="flex flex-col gap-3 text-center">
				<h1 className="text-3xl font-bold tracking-tight text-brand sm:text-5xl">Simple, per-property pricing</h1>
				<p className="mx-auto max-w-2xl text-lg text-muted-foreground">
					One price for each property you complete. Stage as many rooms and styles as the listing needs.
				</p>
			</div>
			<div className="grid gap-6 md:grid-cols-2">
				<section aria-labelledby="payg-heading" className="flex flex-col gap-6 rounded-2xl border border-gray-200 p-6 shadow-sm sm:p-8">
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
					<Link to={getStarted.to} className={`${buttonClasses({ size: 'lg' })} mt-auto h-auto min-h-12 py-3 text-center`}>
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
					<CheckList items={proBenefits} iconClassName="text-green-300" />
					<Link to="/register" className={`${buttonClasses({ variant: 'secondary', size: 'lg' })} mt-auto`}>
						Get Started with Rendo Pro
					</Link>
				</section>
			</div>
		</div>
	)
}

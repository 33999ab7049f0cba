import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { ArrowLeft, ArrowRight, Eye, HeartHandshake, Target } from 'lucide-react'
import type { ReactNode } from 'react'
import { IconCards, type IconCard } from '#app/components/icon-cards.tsx'
import { getStartedLink } from '#app/components/site-header.tsx'
import { TAGLINE } from '#app/components/site-footer.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { useRootData } from '#app/root.tsx'

export const meta: MetaFunction = () => [
	{ title: 'About | Rendo' },
	{
		name: 'description',
		content: 'Why Rendo stages homes: our mission, our foundation and the principles behind every staged room.',
	},
]

const principles: IconCard[] = [
	{
		icon: Eye,
		title: 'Beauty Reveals Possibility',
		description: 'A staged room lets buyers see the home they could live in, not the one that is empty today.',
	},
	{
		icon: Target,
		title: 'Beauty Serves Purpose',
		description: 'Every image exists to help an agent sell: faster viewings, stronger offers, fewer days on market.',
	},
	{
		icon: HeartHandshake,
		title: 'Beauty Creates Connection',
		description: 'Buyers fall for homes they can picture themselves in. Staging turns a listing into a feeling.',
	},
]

function Block({ title, children }: { title: string; children: ReactNode }) {
	return (
		<section className="flex flex-col gap-3">
			<h2 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h2>
			{children}
		</section>
	)
}

export default function About() {
	const getStarted = getStartedLink(useRootData()?.pioneer)
	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-12 px-4 py-8 sm:px-6 sm:py-12">
			<div className="flex flex-col gap-6">
				<Link to="/" className={`${buttonClasses({ variant: 'ghost' })} self-start`}>
					<ArrowLeft aria-hidden className="size-4" />
					Back to Home
				</Link>
				<div className="flex flex-col gap-3">
					<h1 className="text-3xl font-bold tracking-tight text-brand sm:text-5xl">About Rendo</h1>
					<p className="text-lg font-medium text-accent">{TAGLINE}</p>
				</div>
			</div>

			<Block title="Our Mission">
				<p className="text-gray-700">
					We help estate agents show every property at its best. Rendo turns ordinary listing photos into professionally
					staged rooms in 20-30 minutes, so agents can win instructions, excite buyers and sell faster, without the cost
					and delay of physical staging.
				</p>
			</Block>

			<Block title="Our Foundation">
				<p className="text-gray-700">
					Rendo was built with agents, for the way agents work: on the move, between viewings, on a phone. No setup
					fees, no subscription, and a price you only pay when a property is complete.
				</p>
			</Block>

			<Block title="The Principles">
				<IconCards cards={principles} className="sm:grid-cols-3" iconClassName="bg-muted text-brand" />
			</Block>

			<Block title="The Rendo DNA">
				<p className="text-gray-700">
					Speed, beauty and simplicity. Every feature has to save an agent time, make a home look its best, and be
					usable with one hand at a property.
				</p>
			</Block>

			<div className="flex flex-col items-start gap-4 rounded-xl bg-muted p-6">
				<p className="text-lg font-semibold text-gray-900">Ready to see the potential in your next listing?</p>
				<Link to={getStarted.to} className={buttonClasses({ size: 'lg' })}>
					Get Started Today
					<ArrowRight aria-hidden className="size-4" />
				</Link>
			</div>
		</div>
	)
}

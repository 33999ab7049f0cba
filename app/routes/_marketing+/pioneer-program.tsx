import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { ArrowRight, Award, Check, Megaphone, MessagesSquare, Rocket } from 'lucide-react'
import { IconCards, type IconCard } from '#app/components/icon-cards.tsx'
import { PIONEER_BENEFITS, PioneerSpots } from '#app/components/landing/pioneer.tsx'
import { usePioneerStatus } from '#app/components/landing/use-pioneer-status.ts'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { PIONEER_SPOTS } from '#core/accounts/pioneer-program.ts'

export const meta: MetaFunction = () => [
	{ title: 'Pioneer Agent Program | Rendo' },
	{ name: 'description', content: `The first ${PIONEER_SPOTS} agents to join Rendo become Pioneer Agents.` },
]

const benefitCards: IconCard[] = [
	{
		icon: Award,
		title: 'Pioneer Agent status',
		description: `A numbered place, #1 to #${PIONEER_SPOTS}, among the very first agents on Rendo.`,
	},
	{
		icon: Megaphone,
		title: 'Launch campaign',
		description: 'Exclusive access to our launch campaign, open to Pioneer Agents only.',
	},
	{
		icon: Rocket,
		title: 'New features first',
		description: 'New styles and tools reach Pioneer Agents before anyone else.',
	},
	{
		icon: MessagesSquare,
		title: 'A line to the founders',
		description: 'A direct feedback channel: tell us what would sell your next property faster and see it built.',
	},
]

const whatYouGet = [
	...PIONEER_BENEFITS,
	'Staged rooms in 20-30 minutes, from your phone',
	'£99 per completed property: no subscription, no setup fees',
]

/** The Pioneer Agent Program's own page (spec 02), with the live count of spots left. */
export default function PioneerProgram() {
	const pioneer = usePioneerStatus()
	const open = pioneer.isPioneerProgramActive
	return (
		<div className="flex flex-col">
			<section className="bg-brand text-brand-foreground">
				<div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-14 sm:px-6 sm:py-20">
					<p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-amber-300 uppercase">
						<Award aria-hidden className="size-4" />
						Pioneer Agent Program
					</p>
					<h1 className="text-3xl font-bold tracking-tight sm:text-5xl">
						Be one of the first {PIONEER_SPOTS} agents on Rendo
					</h1>
					<p className="max-w-2xl text-lg text-white/80">
						Rendo is opening to estate agents now. The first {PIONEER_SPOTS} agents to register become Pioneer Agents,
						and help shape how the product grows.
					</p>
					<PioneerSpots pioneer={pioneer} onBrand />
				</div>
			</section>

			<section
				aria-labelledby="benefits-heading"
				className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-14 sm:px-6"
			>
				<h2 id="benefits-heading" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
					Why become a Pioneer Agent
				</h2>
				<IconCards
					cards={benefitCards}
					className="sm:grid-cols-2"
					cardClassName="shadow-sm"
					iconClassName="bg-amber-50 text-amber-700"
				/>
			</section>

			<section aria-labelledby="what-you-get-heading" className="bg-muted">
				<div className="mx-auto grid max-w-5xl gap-8 px-4 py-14 sm:px-6 md:grid-cols-2 md:items-center">
					<div className="flex flex-col gap-4">
						<h2 id="what-you-get-heading" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
							What You Get
						</h2>
						<ul className="flex flex-col gap-3">
							{whatYouGet.map((item) => (
								<li key={item} className="flex items-start gap-3 text-gray-800">
									<Check aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
									{item}
								</li>
							))}
						</ul>
					</div>
					<div className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
						<PioneerSpots pioneer={pioneer} />
						{open ? (
							<Link to="/agent-register" className={cn(buttonClasses({ size: 'lg' }), 'w-full')}>
								Secure Your Pioneer Spot
								<ArrowRight aria-hidden className="size-4" />
							</Link>
						) : (
							<Link to="/register" className={cn(buttonClasses({ size: 'lg' }), 'w-full')}>
								Get Started
								<ArrowRight aria-hidden className="size-4" />
							</Link>
						)}
						<p className="text-center text-sm text-muted-foreground">
							Create your account instantly • No commitment required
						</p>
					</div>
				</div>
			</section>
		</div>
	)
}

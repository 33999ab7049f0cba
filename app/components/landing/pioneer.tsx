import { Link } from '@remix-run/react'
import { ArrowRight, Award } from 'lucide-react'
import { getStartedLink, type PioneerStatus } from '#app/components/site-header.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { onBrandOutlineClasses } from './call-to-action.tsx'
import { PIONEER_SPOTS } from '#core/accounts/pioneer-program.ts'

/** What a Pioneer Agent gets (the same list the agent sign-up shows a new pioneer). */
export const PIONEER_BENEFITS = [
	'Exclusive launch campaign access',
	'First to receive new features',
	'Direct feedback channel to founders',
]

/**
 * The real count of spots left (the first five registered agents are the pioneers), with a bar of
 * the open spots that shrinks as agents register.
 * It is announced politely when a poll brings a new figure.
 */
export function PioneerSpots({ pioneer, onBrand = false }: { pioneer: PioneerStatus; onBrand?: boolean }) {
	const left = pioneer.isPioneerProgramActive ? pioneer.pioneerSpotsRemaining : 0
	return (
		<div className="flex flex-col gap-2" aria-live="polite">
			<p className={cn('text-lg font-semibold', onBrand ? 'text-white' : 'text-gray-900')} data-testid="pioneer-spots">
				{left > 0
					? `${left} of ${PIONEER_SPOTS} pioneer ${left === 1 ? 'spot' : 'spots'} left`
					: `All ${PIONEER_SPOTS} pioneer spots have been taken`}
			</p>
			<div
				aria-hidden
				className={cn(
					'flex h-2 w-full max-w-xs gap-1 overflow-hidden rounded-full',
					onBrand ? 'bg-white/20' : 'bg-gray-200',
				)}
			>
				{Array.from({ length: PIONEER_SPOTS }, (_, i) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: the spots are a fixed row of bars; a spot is its position.
					<span key={i} className={cn('flex-1', i < left && (onBrand ? 'bg-amber-300' : 'bg-amber-500'))} />
				))}
			</div>
		</div>
	)
}

/** The landing page's band about the program, with the live count and a link to its own page. */
export function PioneerSection({ pioneer }: { pioneer: PioneerStatus }) {
	const getStarted = getStartedLink(pioneer)
	return (
		<section
			id="pioneer-program"
			aria-labelledby="pioneer-heading"
			className="scroll-mt-16 bg-brand text-brand-foreground"
		>
			<div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 sm:py-20 md:grid-cols-2 md:items-center">
				<div className="flex flex-col gap-4">
					<p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-amber-300 uppercase">
						<Award aria-hidden className="size-4" />
						Pioneer Agent Program
					</p>
					<h2 id="pioneer-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
						The first {PIONEER_SPOTS} agents become Pioneer Agents
					</h2>
					<ul className="flex list-disc flex-col gap-1 pl-5 text-white/85">
						{PIONEER_BENEFITS.map((benefit) => (
							<li key={benefit}>{benefit}</li>
						))}
					</ul>
				</div>
				<div className="flex flex-col gap-5 rounded-2xl bg-white/10 p-6">
					<PioneerSpots pioneer={pioneer} onBrand />
					<div className="flex flex-col gap-3 sm:flex-row">
						<Link
							to={getStarted.to}
							className={cn(buttonClasses({ size: 'lg', variant: 'secondary' }), 'h-auto min-h-12 py-2 text-center')}
						>
							{getStarted.label}
							<ArrowRight aria-hidden className="size-4 shrink-0" />
						</Link>
						<Link to="/pioneer-program" className={onBrandOutlineClasses}>
							About the program
						</Link>
					</div>
				</div>
			</div>
		</section>
	)
}

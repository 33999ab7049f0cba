import {
	data,
	redirect,
	type ActionFunctionArgs,
	type LinksFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import {
	BadgePoundSterling,
	Camera,
	Check,
	Clock,
	FileText,
	Gift,
	Palette,
	Share2,
	Smartphone,
	Sparkles,
} from 'lucide-react'
import { CompareSlider } from '#app/components/landing/before-after.tsx'
import { CallToAction, ClosingCallToAction } from '#app/components/landing/call-to-action.tsx'
import { EXAMPLES } from '#app/components/landing/examples.ts'
import { HeroCarousel, heroImagePreloads } from '#app/components/landing/hero-carousel.tsx'
import { PioneerSection } from '#app/components/landing/pioneer.tsx'
import { ItemCard, Section, type Item } from '#app/components/landing/section.tsx'
import { TryItFreeSection } from '#app/components/landing/try-it-free/try-it-free-section.tsx'
import { TransformSection } from '#app/components/transform/transform-section.tsx'
import { usePioneerStatus } from '#app/components/landing/use-pioneer-status.ts'
import { TAGLINE } from '#app/components/site-footer.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { getActor } from '#app/utils/auth.server.ts'
import { submitFreeTrial, trialPageReply } from '#app/utils/free-trial.server.ts'

export const meta: MetaFunction = () => [
	{ title: `Rendo: ${TAGLINE}` },
	{
		name: 'description',
		content: 'Virtual home staging for estate agents: staged rooms in 20-30 minutes, from your phone.',
	},
]

export const links: LinksFunction = () => heroImagePreloads()

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await getActor(request)
	if (actor.kind === 'user' && actor.isAdmin) throw redirect('/admin')
	return null
}

/** The free-trial form posted without JavaScript: the same service as /api/try-it-free. */
export async function action({ request, context }: ActionFunctionArgs) {
	const outcome = await submitFreeTrial(request, context)
	return data({ trial: trialPageReply(outcome) }, { status: outcome.status === 201 ? 200 : outcome.status })
}

const features: Item[] = [
	{
		icon: Clock,
		title: 'Staged in 20-30 minutes',
		description: 'Upload a room and get styled variations back the same visit.',
	},
	{
		icon: Smartphone,
		title: 'Mobile-optimised workflow',
		description: 'Shoot, upload and share from the property, no laptop needed.',
	},
	{
		icon: FileText,
		title: 'Branded brochures',
		description: 'Send buyers a post-viewing brochure with your logo and colours.',
	},
	{
		icon: BadgePoundSterling,
		title: 'No setup fees',
		description: 'Pay per completed property. No subscription to cancel.',
	},
]

const steps: Item[] = [
	{
		icon: Camera,
		title: 'Upload photos',
		description: 'Take photos on your phone or upload the listing shots you already have.',
	},
	{
		icon: Palette,
		title: 'Select interior styles',
		description: 'Pick from Modern, Scandinavian, Luxury, Mid-Century and more.',
	},
	{
		icon: Share2,
		title: 'Generate and share',
		description: 'Download the staged rooms or send them to clients as a brochure.',
	},
]

const priceIncludes = [
	'Every room and style the listing needs',
	'Favourites kept, downloads as ZIP',
	'Branded post-viewing brochures',
]

/** An example's width in its grid: three columns from `lg`, two from `sm`, else the screen less its margins. */
const EXAMPLES_GRID_SIZES = '(min-width: 1024px) 352px, (min-width: 640px) calc(50vw - 2.25rem), calc(100vw - 2rem)'

/** Said wherever the example images appear: they are drawings, graded by our own preview renderer. */
const EXAMPLES_NOTE =
	"Illustrative examples: synthetic rooms, each 'after' made from its 'before' by Rendo's preview renderer."

function Hero({ pioneer }: { pioneer: ReturnType<typeof usePioneerStatus> }) {
	return (
		<section className="bg-gradient-to-b from-muted to-white">
			<div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-2">
				<div className="flex flex-col gap-6">
					<p className="text-sm font-semibold tracking-wide text-accent uppercase">
						Virtual home staging for estate agents
					</p>
					<h1 className="text-4xl font-bold tracking-tight text-brand sm:text-5xl">{TAGLINE}</h1>
					<p className="max-w-xl text-lg text-gray-700">
						Turn empty or dated rooms into beautifully staged ones in 20-30 minutes, with our staging studio and premium
						post-tour brochures. No setup fees, and a workflow built for the phone in your pocket.
					</p>
					<CallToAction pioneer={pioneer} />
					<a
						href="#try-it-free"
						className="inline-flex min-h-11 items-center gap-2 self-start font-medium text-accent hover:underline"
					>
						<Gift aria-hidden className="size-4" />
						Try it free with one of your photos
					</a>
				</div>
				<div className="flex flex-col gap-2">
					<HeroCarousel />
					<p className="text-xs text-muted-foreground">{EXAMPLES_NOTE}</p>
				</div>
			</div>
		</section>
	)
}

export default function Index() {
	const actionData = useActionData<typeof action>()
	const pioneer = usePioneerStatus()
	return (
		<>
			<Hero pioneer={pioneer} />
			<Section id="features" title="Everything you need to sell the vision">
				<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
					{features.map((item) => (
						<ItemCard key={item.title} item={item} />
					))}
				</ul>
			</Section>
			<Section id="how-it-works" title="How it works" tone="muted">
				<ol className="grid gap-4 md:grid-cols-3">
					{steps.map((item, index) => (
						<ItemCard key={item.title} item={item} step={index + 1} />
					))}
				</ol>
			</Section>
			<Section id="examples" title="See the potential" lead={`Drag across a room to compare. ${EXAMPLES_NOTE}`}>
				<ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
					{EXAMPLES.map((example) => (
						<li key={example.id} className="flex flex-col gap-2">
							<CompareSlider images={{ ...example, subject: example.room }} sizes={EXAMPLES_GRID_SIZES} />
							<p className="text-sm font-semibold text-gray-900">
								{example.room} <span className="font-normal text-muted-foreground">· {example.label}</span>
							</p>
						</li>
					))}
				</ul>
			</Section>
			<Section id="pricing" title="Simple pricing" tone="muted">
				<div className="flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
					<div className="flex flex-col gap-3">
						<p>
							<span className="text-4xl font-bold text-brand">£99</span>{' '}
							<span className="text-muted-foreground">per completed property</span>
						</p>
						<p className="text-gray-700">Pay as you go. No subscription, no setup fees.</p>
						<ul className="flex flex-col gap-1.5 text-sm text-gray-700">
							{priceIncludes.map((line) => (
								<li key={line} className="flex items-center gap-2">
									<Check aria-hidden className="size-4 text-green-700" />
									{line}
								</li>
							))}
						</ul>
					</div>
					<Link to="/pricing" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
						<Sparkles aria-hidden className="size-4" />
						See pricing
					</Link>
				</div>
			</Section>
			<PioneerSection pioneer={pioneer} />
			<TryItFreeSection actionData={actionData?.trial} />
			<TransformSection />
			<ClosingCallToAction pioneer={pioneer} />
		</>
	)
}

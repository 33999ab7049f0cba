import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import {
	ArrowRight,
	BadgePoundSterling,
	Camera,
	Clock,
	FileText,
	Palette,
	Share2,
	Smartphone,
	type LucideIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { getStartedLink } from '#app/components/site-header.tsx'
import { TAGLINE } from '#app/components/site-footer.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { useRootData } from '#app/root.tsx'
import { getActor } from '#app/utils/auth.server.ts'

export const meta: MetaFunction = () => [
	{ title: `Rendo: ${TAGLINE}` },
	{ name: 'description', content: 'Virtual home staging for estate agents: staged rooms in 20-30 minutes, from your phone.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await getActor(request)
	if (actor.kind === 'user' && actor.isAdmin) throw redirect('/admin')
	return null
}

type Item = { icon: LucideIcon; title: string; description: string }

const features: Item[] = [
	{ icon: Clock, title: 'Staged in 20-30 minutes', description: 'Upload a room and get styled variations back the same visit.' },
	{ icon: Smartphone, title: 'Made for your phone', description: 'Shoot, upload and share from the property, no laptop needed.' },
	{ icon: FileText, title: 'Branded brochures', description: 'Send buyers a post-viewing brochure with your logo and colours.' },
	{ icon: BadgePoundSterling, title: 'No setup fees', description: 'Pay per completed property. No subscription to cancel.' },
]

const steps: Item[] = [
	{ icon: Camera, title: 'Upload photos', description: 'Take photos on your phone or upload the listing shots you already have.' },
	{ icon: Palette, title: 'Select interior styles', description: 'Pick from Modern, Scandinavian, Luxury, Mid-Century and more.' },
	{ icon: Share2, title: 'Generate and share', description: 'Download the staged rooms or send them to clients as a brochure.' },
]

function CallToAction() {
	const getStarted = getStartedLink(useRootData()?.pioneer)
	return (
		<div className="flex flex-col gap-3 sm:flex-row">
			<Link to={getStarted.to} className={buttonClasses({ size: 'lg' })}>
				{getStarted.label}
				<ArrowRight aria-hidden className="size-4" />
			</Link>
			<Link to="/about" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
				Learn more
			</Link>
		</div>
	)
}

function Hero() {
	return (
		<section className="bg-gradient-to-b from-muted to-white">
			<div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-16 sm:px-6 sm:py-24">
				<p className="text-sm font-semibold tracking-wide text-accent uppercase">Virtual home staging for estate agents</p>
				<h1 className="text-4xl font-bold tracking-tight text-brand sm:text-6xl">{TAGLINE}</h1>
				<p className="max-w-2xl text-lg text-gray-700">
					Turn empty or dated rooms into beautifully staged ones in 20-30 minutes. No setup fees, and a workflow built for
					the phone in your pocket.
				</p>
				<CallToAction />
			</div>
		</section>
	)
}

function ItemCard({ item, step }: { item: Item; step?: number }) {
	const Icon = item.icon
	return (
		<li className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
			<div className="flex items-center gap-3">
				<span className="flex size-11 items-center justify-center rounded-lg bg-muted text-brand">
					<Icon aria-hidden className="size-5" />
				</span>
				{step ? <span className="text-sm font-semibold text-muted-foreground">Step {step}</span> : null}
			</div>
			<h3 className="font-semibold text-gray-900">{item.title}</h3>
			<p className="text-sm text-muted-foreground">{item.description}</p>
		</li>
	)
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
	return (
		<section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20">
			<div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-14 sm:px-6">
				<h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
					{title}
				</h2>
				{children}
			</div>
		</section>
	)
}

export default function Index() {
	return (
		<>
			<Hero />
			<Section id="features" title="Everything you need to sell the vision">
				<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
					{features.map((item) => (
						<ItemCard key={item.title} item={item} />
					))}
				</ul>
			</Section>
			<Section id="how-it-works" title="How it works">
				<ol className="grid gap-4 md:grid-cols-3">
					{steps.map((item, index) => (
						<ItemCard key={item.title} item={item} step={index + 1} />
					))}
				</ol>
			</Section>
			<Section id="pricing" title="Simple pricing">
				<div className="flex flex-col gap-4 rounded-xl bg-brand p-6 text-brand-foreground sm:flex-row sm:items-center sm:justify-between sm:p-8">
					<div className="flex flex-col gap-1">
						<p className="text-3xl font-bold">£99 per completed property</p>
						<p className="text-white/80">Pay as you go. No subscription, no setup fees.</p>
					</div>
					<Link to="/pricing" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
						See pricing
					</Link>
				</div>
			</Section>
			<section className="border-t border-gray-200">
				<div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-14 sm:px-6">
					<h2 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Ready to stage your next listing?</h2>
					<CallToAction />
				</div>
			</section>
		</>
	)
}

import type { MetaFunction } from '@remix-run/node'
import { CreditCard, Eye, Heart, Lock, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { OrderSummary } from '#app/components/checkout/order-summary.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { formatPounds, PROPERTY_PRICE_PENCE } from '#core/billing/pricing.ts'

export const meta: MetaFunction = () => [{ title: 'Payment Demo | Rendo' }]

const SAMPLES = [
	{ room: 'Kitchen', style: 'Luxury', image: '/landing/kitchen-luxury.webp' },
	{ room: 'Living Room', style: 'Scandinavian', image: '/landing/living-scandinavian.webp' },
	{ room: 'Bedroom', style: 'Mid-Century', image: '/landing/bedroom-midcentury.webp' },
	{ room: 'Home Office', style: 'Modern', image: '/landing/office-modern.webp' },
]

function MockField({ label, placeholder, className }: { label: string; placeholder: string; className?: string }) {
	return (
		<label className={`flex flex-col gap-1.5 text-sm font-medium text-gray-800 ${className ?? ''}`}>
			{label}
			<input
				disabled
				placeholder={placeholder}
				className="h-11 rounded-md border border-gray-300 bg-gray-50 px-3 text-base text-gray-500 placeholder:text-gray-400"
			/>
		</label>
	)
}

function Note({ icon, children }: { icon: ReactNode; children: ReactNode }) {
	return (
		<span className="flex items-center gap-1.5 text-xs font-medium text-green-800">
			{icon}
			{children}
		</span>
	)
}

/**
 * A static preview of checkout (spec 02 §2): four sample favourites, the order and a card form
 * that does nothing. No script of a payment provider is loaded and nothing can be paid here.
 */
export default function StripeDemoPage() {
	const price = formatPounds(PROPERTY_PRICE_PENCE)
	return (
		<div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-2">
				<span className="inline-flex items-center gap-1.5 self-start rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
					<Eye aria-hidden className="size-3.5" />
					Demo Preview
				</span>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Pay &amp; Receive Your Rendos</h1>
				<p className="text-muted-foreground">
					How checkout looks once an agent has picked their favourites. Nothing is charged on this page.
				</p>
			</div>

			<section aria-labelledby="demo-favourites" className="flex flex-col gap-3">
				<h2 id="demo-favourites" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
					<Heart aria-hidden className="size-5 fill-red-500 text-red-500" />
					Your Favorites
				</h2>
				<ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
					{SAMPLES.map((sample) => (
						<li key={sample.image} className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
							<img
								src={sample.image}
								alt={`${sample.style} ${sample.room}`}
								className="aspect-[4/3] w-full object-cover"
								loading="lazy"
							/>
							<p className="px-3 py-2 text-sm">
								<span className="font-medium text-gray-900">{sample.room}</span>
								<span className="text-muted-foreground"> · {sample.style}</span>
							</p>
						</li>
					))}
				</ul>
			</section>

			<div className="grid gap-6 lg:grid-cols-2">
				<div className="flex flex-col gap-4">
					<OrderSummary>
						<div className="flex justify-between gap-4 text-muted-foreground">
							<dt>Images kept</dt>
							<dd className="tabular-nums">{SAMPLES.length}</dd>
						</div>
					</OrderSummary>
					<a href="#demo-payment" className={buttonClasses({ size: 'lg' })}>
						<CreditCard aria-hidden className="size-5" />
						Pay &amp; Receive Rendos
					</a>
				</div>

				<section
					id="demo-payment"
					aria-labelledby="demo-payment-heading"
					className="flex scroll-mt-24 flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
				>
					<h2 id="demo-payment-heading" className="font-semibold text-gray-900">
						Payment
					</h2>
					<form
						className="flex flex-col gap-3"
						onSubmit={(event) => event.preventDefault()}
						aria-describedby="demo-note"
					>
						<MockField label="Card information" placeholder="1234 1234 1234 1234" />
						<div className="grid grid-cols-2 gap-3">
							<MockField label="Expiry" placeholder="MM/YY" />
							<MockField label="CVC" placeholder="CVC" />
						</div>
						<MockField label="Cardholder name" placeholder="Name on card" />
						<div className="flex flex-wrap gap-4">
							<Note icon={<Lock aria-hidden className="size-3.5" />}>SSL Encrypted</Note>
							<Note icon={<ShieldCheck aria-hidden className="size-3.5" />}>PCI Compliant</Note>
						</div>
						<Button type="submit" size="lg" disabled>
							Pay {price}
						</Button>
						<p id="demo-note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
							Demo Preview: this card form is not connected to any payment provider.
						</p>
					</form>
				</section>
			</div>
		</div>
	)
}

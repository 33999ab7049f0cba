import { ArrowLeft, FileText, LoaderCircle, Lock } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { StepActions, StepHeading } from '#app/components/studio/step-layout.tsx'
import { errorMessage } from '#app/components/studio/studio-api.ts'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { CheckoutChoice } from '#core/billing/checkout.schema.ts'
import { formatPounds, PROPERTY_PRICE_PENCE, type CheckoutSettings } from '#core/billing/pricing.ts'
import { completeProject, createPaymentIntent, type CompletionAnswer } from './checkout-api.ts'
import { OrderSummary } from './order-summary.tsx'
import { loadStripe, type StripeElements, type StripeJs } from './stripe-js.ts'

type Props = {
	projectId: string
	choice: CheckoutChoice
	favoriteCount: number
	onBack: () => void
	onPaid: (answer: CompletionAnswer | null) => void
}

const price = formatPounds(PROPERTY_PRICE_PENCE)

function Busy({ label }: { label: string }) {
	return (
		<>
			<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
			{label}
		</>
	)
}

/** Invoice mode: confirming is the order; the £99 goes on the agent's monthly invoice. */
function InvoicePayment({ projectId, choice, onBack, onPaid }: Props) {
	const { toast } = useToast()
	const [busy, setBusy] = useState(false)
	async function confirm() {
		setBusy(true)
		try {
			onPaid(await completeProject(projectId, choice))
		} catch (error) {
			toast({
				title: 'Payment Error',
				description: errorMessage(error, 'Failed to complete project'),
				variant: 'destructive',
			})
			setBusy(false)
		}
	}
	return (
		<div className="flex flex-col gap-5">
			<StepHeading title="Confirm Your Order" description="Your Rendos are ready as soon as you confirm." />
			<OrderSummary
				note={
					<p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-sm text-gray-800">
						<FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
						<span>{price} will be billed to your monthly invoice. No card needed.</span>
					</p>
				}
			/>
			<StepActions>
				<Button variant="outline" onClick={onBack} disabled={busy}>
					<ArrowLeft aria-hidden className="size-4" />
					Back
				</Button>
				<Button onClick={() => void confirm()} disabled={busy}>
					{busy ? <Busy label="Processing..." /> : 'Confirm Order'}
				</Button>
			</StepActions>
		</div>
	)
}

/**
 * Card payment with Stripe Elements: the server makes the PaymentIntent (its amount is the
 * server's), the card form is Stripe's own, and a succeeded payment completes the project. A
 * bank that wants its own page sends the agent away and back to ?payment=success (`resume`).
 */
function CardPayment({
	projectId,
	choice,
	favoriteCount,
	onBack,
	onPaid,
	publishableKey,
	resume,
}: Props & { publishableKey: string; resume: boolean }) {
	const { toast } = useToast()
	const mountPoint = useRef<HTMLDivElement>(null)
	const stripe = useRef<{ js: StripeJs; elements: StripeElements } | null>(null)
	const [state, setState] = useState<'setting-up' | 'ready' | 'paying' | 'finishing'>(
		resume ? 'finishing' : 'setting-up',
	)

	async function finish() {
		setState('finishing')
		try {
			onPaid(await completeProject(projectId, choice))
		} catch (error) {
			toast({
				title: 'Payment Failed',
				description: errorMessage(error, 'Failed to complete project'),
				variant: 'destructive',
			})
			onBack()
		}
	}

	useEffect(() => {
		if (resume) {
			void finish()
			return
		}
		let cancelled = false
		let element: { destroy(): void } | null = null
		;(async () => {
			try {
				const { clientSecret } = await createPaymentIntent(projectId, choice, favoriteCount)
				const js = await loadStripe(publishableKey)
				if (cancelled || !mountPoint.current) return
				const elements = js.elements({
					clientSecret,
					appearance: { theme: 'stripe', variables: { colorPrimary: '#1f3a5f' } },
				})
				const payment = elements.create('payment', { layout: 'tabs' })
				payment.mount(mountPoint.current)
				element = payment
				stripe.current = { js, elements }
				setState('ready')
			} catch (error) {
				if (cancelled) return
				toast({
					title: 'Payment Setup Failed',
					description: errorMessage(error, 'Please try again'),
					variant: 'destructive',
				})
				onBack()
			}
		})()
		return () => {
			cancelled = true
			element?.destroy()
		}
		// Once per visit to this screen: a new PaymentIntent form for every render would lose the card typed in.
	}, [])

	async function pay() {
		if (!stripe.current) return
		setState('paying')
		try {
			const { error, paymentIntent } = await stripe.current.js.confirmPayment({
				elements: stripe.current.elements,
				confirmParams: { return_url: `${window.location.origin}/property-studio/${projectId}?payment=success` },
				redirect: 'if_required',
			})
			if (error || paymentIntent?.status !== 'succeeded') {
				toast({
					title: 'Payment Failed',
					description: error?.message ?? 'Your payment did not go through. Please try again.',
					variant: 'destructive',
				})
				setState('ready')
				return
			}
			await finish()
		} catch (error) {
			toast({ title: 'Payment Error', description: errorMessage(error, 'Please try again'), variant: 'destructive' })
			setState('ready')
		}
	}

	const busy = state !== 'ready'
	return (
		<div className="flex flex-col gap-5">
			<StepHeading title="Payment" description={`One payment of ${price} for this property.`} />
			<div className="grid gap-4 lg:grid-cols-2">
				<section
					aria-label="Card details"
					className="flex min-h-48 flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
				>
					{state === 'setting-up' || state === 'finishing' ? (
						<p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
							<Busy
								label={state === 'finishing' ? 'Confirming your payment...' : 'Loading the secure payment form...'}
							/>
						</p>
					) : null}
					<div ref={mountPoint} />
					<p className="mt-auto flex items-center gap-2 text-xs text-muted-foreground">
						<Lock aria-hidden className="size-3.5" />
						Card details go straight to Stripe; they never touch our servers.
					</p>
				</section>
				<OrderSummary />
			</div>
			<StepActions>
				<Button variant="outline" onClick={onBack} disabled={state === 'paying' || state === 'finishing'}>
					<ArrowLeft aria-hidden className="size-4" />
					Back
				</Button>
				<Button onClick={() => void pay()} disabled={busy}>
					{state === 'paying' ? <Busy label="Processing..." /> : `Pay ${price}`}
				</Button>
			</StepActions>
		</div>
	)
}

export function PaymentScreen({ checkout, resume, ...props }: Props & { checkout: CheckoutSettings; resume: boolean }) {
	return checkout.mode === 'stripe' ? (
		<CardPayment {...props} publishableKey={checkout.publishableKey} resume={resume} />
	) : (
		<InvoicePayment {...props} />
	)
}

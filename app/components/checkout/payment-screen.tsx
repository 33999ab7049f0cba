import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link, useActionData, useFetcher, useFormAction, useNavigate } from '@remix-run/react'
import { ArrowLeft, FileText, LoaderCircle, Lock } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { FormAlert } from '#app/components/forms.tsx'
import { StepActions, StepHeading } from '#app/components/studio/step-layout.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { useIsPending } from '#app/utils/misc.ts'
import { formatPounds, PROPERTY_PRICE_PENCE, type CheckoutSettings } from '#core/billing/pricing.ts'
import {
	CheckoutFormSchema,
	checkoutSearch,
	choiceParams,
	intentAction,
	type CheckoutState,
} from './checkout-choice.ts'
import { OrderSummary } from './order-summary.tsx'
import { loadStripe, type StripeElements, type StripeJs } from './stripe-js.ts'

type Props = { choice: CheckoutState }

const price = formatPounds(PROPERTY_PRICE_PENCE)

function Busy({ label }: { label: string }) {
	return (
		<>
			<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
			{label}
		</>
	)
}

/** Every message of a refused post, the form's own and its (hidden) fields'. */
function refusalMessages(result: SubmissionResult | undefined) {
	return result?.status === 'error' ? Object.values(result.error ?? {}).flatMap((messages) => messages ?? []) : []
}

/** With JavaScript, a refusal also shows as the spec's toast. */
function useRefusalToast(result: SubmissionResult | undefined, title: string, onRefused?: () => void) {
	const { toast } = useToast()
	// The latest callback, without making every render's new closure a new answer.
	const refused = useRef(onRefused)
	refused.current = onRefused
	useEffect(() => {
		const [description] = refusalMessages(result)
		if (!description) return
		toast({ title, description, variant: 'destructive' })
		refused.current?.()
	}, [result, title, toast])
}

/** Back to the review with the choice as it was. */
function BackToReview({ choice, disabled = false }: Props & { disabled?: boolean }) {
	const to = checkoutSearch({ ...choice, stage: 'review' })
	return disabled ? (
		<Button variant="outline" disabled>
			<ArrowLeft aria-hidden className="size-4" />
			Back
		</Button>
	) : (
		<Link to={to} className={buttonClasses({ variant: 'outline' })}>
			<ArrowLeft aria-hidden className="size-4" />
			Back
		</Link>
	)
}

/**
 * Invoice mode: confirming is the order, posted to the page's `?intent=complete`; the £99 goes
 * on the agent's monthly invoice. A plain form, so it works without JavaScript.
 */
function InvoicePayment({ choice }: Props) {
	const action = intentAction({ ...choice, stage: 'payment' }, 'complete')
	const busy = useIsPending({ formAction: useFormAction(action) })
	const lastResult = useActionData<{ result?: SubmissionResult }>()?.result
	const [form] = useForm({
		id: 'confirm-order',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CheckoutFormSchema }),
	})
	useRefusalToast(lastResult, 'Payment Error')
	return (
		<Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-5">
			{[...choiceParams(choice)].map(([name, value]) => (
				<input key={`${name}=${value}`} type="hidden" name={name} value={value} />
			))}
			<StepHeading title="Confirm Your Order" description="Your Rendos are ready as soon as you confirm." />
			<FormAlert id={form.errorId} errors={refusalMessages(lastResult)} />
			<OrderSummary
				note={
					<p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-sm text-gray-800">
						<FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
						<span>{price} will be billed to your monthly invoice. No card needed.</span>
					</p>
				}
			/>
			<StepActions>
				<BackToReview choice={choice} disabled={busy} />
				<Button type="submit" disabled={busy}>
					{busy ? <Busy label="Processing..." /> : 'Confirm Order'}
				</Button>
			</StepActions>
		</Form>
	)
}

/**
 * Card payment with Stripe Elements: the page's `?intent=payment-intent` makes the PaymentIntent
 * (its amount is the server's), the card form is Stripe's own, and a succeeded payment posts
 * `?intent=complete`, which goes on to 'Project Complete'. A bank that wants its own page sends
 * the agent away and back to ?payment=success (`resume`). Stripe.js needs JavaScript anyway.
 */
function CardPayment({ choice, publishableKey, resume }: Props & { publishableKey: string; resume: boolean }) {
	const navigate = useNavigate()
	const paymentIntent = useFetcher<{ result?: SubmissionResult; clientSecret?: string | null }>()
	const completion = useFetcher<{ result?: SubmissionResult }>()
	const mountPoint = useRef<HTMLDivElement>(null)
	const stripe = useRef<{ js: StripeJs; elements: StripeElements } | null>(null)
	const [state, setState] = useState<'setting-up' | 'ready' | 'paying' | 'finishing'>(
		resume ? 'finishing' : 'setting-up',
	)
	const { toast } = useToast()
	const backToReview = () => navigate(checkoutSearch({ ...choice, stage: 'review' }))
	const post = (fetcher: typeof completion, intent: string) =>
		fetcher.submit(choiceParams(choice), {
			method: 'post',
			action: intentAction({ ...choice, stage: 'payment' }, intent),
		})

	function finish() {
		setState('finishing')
		// Success redirects to 'Project Complete'; a refusal comes back as completion.data.
		post(completion, 'complete')
	}
	useRefusalToast(completion.data?.result, 'Payment Failed', backToReview)
	useRefusalToast(paymentIntent.data?.result, 'Payment Setup Failed', backToReview)

	// biome-ignore lint/correctness/useExhaustiveDependencies: once per visit to this screen (a new PaymentIntent form for every render would lose the card typed in)
	useEffect(() => {
		if (resume) finish()
		else post(paymentIntent, 'payment-intent')
	}, [])

	const clientSecret = paymentIntent.data?.clientSecret
	// biome-ignore lint/correctness/useExhaustiveDependencies: Stripe's form is mounted once per client secret
	useEffect(() => {
		if (!clientSecret) return
		let cancelled = false
		let element: { destroy(): void } | null = null
		;(async () => {
			try {
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
					description: error instanceof Error ? error.message : 'Please try again',
					variant: 'destructive',
				})
				backToReview()
			}
		})()
		return () => {
			cancelled = true
			element?.destroy()
		}
	}, [clientSecret, publishableKey])

	async function pay() {
		if (!stripe.current) return
		setState('paying')
		try {
			const { error, paymentIntent } = await stripe.current.js.confirmPayment({
				elements: stripe.current.elements,
				confirmParams: { return_url: `${window.location.origin}${window.location.pathname}?payment=success` },
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
			finish()
		} catch (error) {
			toast({
				title: 'Payment Error',
				description: error instanceof Error ? error.message : 'Please try again',
				variant: 'destructive',
			})
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
				<BackToReview choice={choice} disabled={state === 'paying' || state === 'finishing'} />
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

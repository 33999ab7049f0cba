import { useLoaderData, useSearchParams } from '@remix-run/react'
import { useEffect, useMemo, useRef } from 'react'
import { checkoutBlocker, readCheckoutState, type CheckoutStage } from '#app/components/checkout/checkout-choice.ts'
import { FinalReview } from '#app/components/checkout/final-review.tsx'
import { LogoScreen } from '#app/components/checkout/logo-screen.tsx'
import { PaymentScreen } from '#app/components/checkout/payment-screen.tsx'
import type { LogoState } from '#core/accounts/logo.ts'
import type { CheckoutSettings } from '#core/billing/pricing.ts'
import type { ProjectView, RoomView, VariationView } from '#core/studio/views.ts'
import { STEP_HEADING_ID } from './step-layout.tsx'
import { inWorkflowOrder } from './variation-order.ts'

/** Finished favourites in the gallery's order: room, style, generation, position. */
function orderedFavourites(rooms: RoomView[], variations: VariationView[]) {
	return inWorkflowOrder(
		rooms,
		variations.filter((v) => v.isFavorite && v.status === 'completed'),
	)
}

/** The sub-screens share the workflow's heading: moving between them moves focus to it. */
function useFocusOnStageChange(stage: CheckoutStage) {
	const first = useRef(true)
	// biome-ignore lint/correctness/useExhaustiveDependencies: a new stage is what moves the focus
	useEffect(() => {
		if (first.current) {
			first.current = false
			return
		}
		window.scrollTo({ top: 0 })
		document.getElementById(STEP_HEADING_ID)?.focus({ preventScroll: true })
	}, [stage])
}

/**
 * Step 7: the final review, the logo and payment (spec 02 §2). Favourites start all selected;
 * the agent may leave some out, brand the rest with their logo, and pay £99 (by card, or on the
 * monthly invoice where card payments are off). Each screen is `?stage=` with the choice in the
 * query (checkout-choice.ts), and its posts are the page's `?intent=` actions
 * (project-checkout.server.ts); 'Project Complete' follows on the downloads page.
 */
export function DownloadStep({
	checkout,
	returnedFromPayment,
	rooms,
	variations,
	onBack,
}: {
	/** the workflow passes it to every step; the checkout's URLs are relative to this page */
	project: ProjectView
	checkout: CheckoutSettings
	/** back from a bank's own page (?payment=success): finish the payment straight away */
	returnedFromPayment: boolean
	rooms: RoomView[]
	variations: VariationView[]
	onBack: () => void
}) {
	// The page's loader adds the agent's logo for this step (checkoutPageData).
	const { logo } = useLoaderData<{ logo: LogoState }>()
	const [searchParams] = useSearchParams()
	const favourites = useMemo(() => orderedFavourites(rooms, variations), [rooms, variations])
	const state = readCheckoutState(
		searchParams,
		favourites.map((v) => v.id),
	)
	const blocker = checkoutBlocker(state, logo.hasLogo)
	// A choice that cannot be paid for (possible without JavaScript) goes back to the review, which says why.
	const stage: CheckoutStage = returnedFromPayment
		? 'payment'
		: state.stage === 'payment' && blocker
			? 'review'
			: state.stage
	useFocusOnStageChange(stage)

	switch (stage) {
		case 'review':
			return (
				<FinalReview
					// A new URL (back from the logo, a plain form's reload) starts from its choice.
					key={searchParams.toString()}
					rooms={rooms}
					favourites={favourites}
					initial={state}
					logo={logo}
					checkout={checkout}
					onBack={onBack}
				/>
			)
		case 'logo':
			return <LogoScreen logo={logo} choice={state} />
		case 'payment':
			return (
				<PaymentScreen
					checkout={checkout}
					resume={returnedFromPayment}
					choice={returnedFromPayment ? { ...state, variationIds: favourites.map((v) => v.id) } : state}
				/>
			)
	}
}

import { useEffect, useMemo, useRef, useState } from 'react'
import type { CompletionAnswer } from '#app/components/checkout/checkout-api.ts'
import { CompletionScreen } from '#app/components/checkout/completion-screen.tsx'
import { FinalReview } from '#app/components/checkout/final-review.tsx'
import { LogoScreen } from '#app/components/checkout/logo-screen.tsx'
import { PaymentScreen } from '#app/components/checkout/payment-screen.tsx'
import { useLogo } from '#app/components/checkout/use-logo.ts'
import type { CheckoutSettings } from '#core/billing/pricing.ts'
import type { ProjectView, RoomView, VariationView } from '#core/studio/views.ts'
import { STEP_HEADING_ID } from './step-layout.tsx'
import { inWorkflowOrder } from './variation-order.ts'

type Stage = 'review' | 'logo' | 'payment' | 'complete'

/** Finished favourites in the gallery's order: room, style, generation, position. */
function orderedFavourites(rooms: RoomView[], variations: VariationView[]) {
	return inWorkflowOrder(
		rooms,
		variations.filter((v) => v.isFavorite && v.status === 'completed'),
	)
}

/** The sub-screens share the workflow's heading: moving between them moves focus to it. */
function useFocusOnStageChange(stage: Stage) {
	const first = useRef(true)
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
 * Step 7: the final review and payment (spec 02 §2), then 'Project Complete'. Favourites start
 * all selected; the agent may leave some out, brand the rest with their logo, and pay £99 (by
 * card, or on the monthly invoice where card payments are off).
 */
export function DownloadStep({
	project,
	checkout,
	returnedFromPayment,
	rooms,
	variations,
	onBack,
}: {
	project: ProjectView
	checkout: CheckoutSettings
	/** back from a bank's own page (?payment=success): finish the payment straight away */
	returnedFromPayment: boolean
	rooms: RoomView[]
	variations: VariationView[]
	onBack: () => void
}) {
	const favourites = useMemo(() => orderedFavourites(rooms, variations), [rooms, variations])
	const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(favourites.map((v) => v.id)))
	const [branding, setBranding] = useState(false)
	const [stage, setStage] = useState<Stage>(returnedFromPayment ? 'payment' : 'review')
	const [answer, setAnswer] = useState<CompletionAnswer | null>(null)
	const logo = useLogo()
	useFocusOnStageChange(stage)

	const toggle = (id: string) =>
		setSelected((current) => {
			const next = new Set(current)
			if (!next.delete(id)) next.add(id)
			return next
		})
	// In the favourites' order, so the server keeps (and names) them as shown.
	const choice = {
		watermarkingEnabled: branding,
		variationIds: favourites.filter((v) => selected.has(v.id)).map((v) => v.id),
	}

	switch (stage) {
		case 'review':
			return (
				<FinalReview
					rooms={rooms}
					favourites={favourites}
					selected={selected}
					onToggle={toggle}
					onSelectAll={() => setSelected(new Set(favourites.map((v) => v.id)))}
					onClear={() => setSelected(new Set())}
					branding={branding}
					onBrandingChange={setBranding}
					logo={logo.status}
					onManageLogo={() => setStage('logo')}
					checkout={checkout}
					onBack={onBack}
					onPay={() => setStage('payment')}
				/>
			)
		case 'logo':
			return (
				<LogoScreen
					logo={logo.status}
					onUploaded={(uploaded) => {
						logo.replace(uploaded)
						setBranding(true)
						setStage('review')
					}}
					onBack={() => setStage('review')}
				/>
			)
		case 'payment':
			return (
				<PaymentScreen
					projectId={project.id}
					checkout={checkout}
					resume={returnedFromPayment}
					choice={choice}
					favoriteCount={choice.variationIds.length}
					onBack={() => setStage('review')}
					onPaid={(completed) => {
						setAnswer(completed)
						setStage('complete')
					}}
				/>
			)
		case 'complete':
			return (
				<CompletionScreen
					projectId={project.id}
					checkout={checkout}
					answer={answer}
					counts={{
						originals: rooms.length,
						variations: variations.filter((v) => v.status === 'completed').length,
						kept: choice.variationIds.length,
					}}
				/>
			)
	}
}

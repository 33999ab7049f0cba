import { Form } from '@remix-run/react'
import { ArrowLeft, CircleAlert, CreditCard, ImagePlus, Stamp } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { RoomCheckBadge } from '#app/components/studio/room-check.tsx'
import { CompareButton, CompareDialog, comparisonOf, type Comparison } from '#app/components/studio/compare-dialog.tsx'
import { StepActions, StepHeading } from '#app/components/studio/step-layout.tsx'
import { formatShortDate } from '#app/components/studio/labels.ts'
import { pluralise, roomLabel, styleLabel } from '#core/studio/labels.ts'
import { VariationImage } from '#app/components/studio/variation-image.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import type { LogoState } from '#core/accounts/logo.ts'
import type { CheckoutSettings } from '#core/billing/pricing.ts'
import type { RoomView, VariationView } from '#core/studio/views.ts'
import { checkoutBlocker, type CheckoutState } from './checkout-choice.ts'
import { OrderSummary } from './order-summary.tsx'

/** Before paying: kept images whose room check still waits for a look (a listing must not change the property). */
function UncheckedWarning({ favourites }: { favourites: VariationView[] }) {
	const open = favourites.filter((v) => v.roomCheck?.open).length
	if (!open) return null
	return (
		<p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
			{open === 1 ? '1 selected image has' : `${open} selected images have`} an unanswered room check: a wall, window,
			door, floor or ceiling may differ from the photo. Go back to the gallery to look at {open === 1 ? 'it' : 'them'},
			or keep or replace {open === 1 ? 'it' : 'them'} there.
		</p>
	)
}

// Four cards a row in the 72rem page from 1024 px, three from 640 px, two on a phone.
const CARD_SIZES =
	'(min-width: 1152px) 268px, (min-width: 1024px) calc(25vw - 1.25rem), (min-width: 640px) calc(33vw - 1.5rem), calc(50vw - 1.375rem)'

function FavouriteCard({
	variation,
	roomName,
	selected,
	onToggle,
	onCompare,
}: {
	variation: VariationView
	roomName: string
	selected: boolean
	onToggle: () => void
	onCompare: () => void
}) {
	return (
		<li className="relative">
			<label
				className={cn(
					'relative flex h-full cursor-pointer flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
					selected ? 'border-brand ring-2 ring-brand' : 'border-gray-200 opacity-80 hover:opacity-100',
				)}
			>
				<input
					type="checkbox"
					name="variationIds"
					value={variation.id}
					checked={selected}
					onChange={onToggle}
					className="absolute top-2 left-2 z-10 size-5 accent-brand focus-visible:outline-none"
				/>
				<span className="relative bg-muted">
					<VariationImage variation={variation} size="thumb" sizes={CARD_SIZES} alt="" />
					<RoomCheckBadge check={variation.roomCheck} className="absolute bottom-2 left-2" />
				</span>
				<span className="flex flex-col gap-0.5 p-3 text-sm">
					<span className="font-medium text-gray-900">
						<span className="sr-only">{roomName}, </span>
						{styleLabel(variation.style)}
					</span>
					<span className="text-xs text-muted-foreground">
						Generation {variation.generationNumber} · Saved{' '}
						<time dateTime={variation.createdAt}>{formatShortDate(variation.createdAt)}</time>
					</span>
				</span>
			</label>
			{/* beside the label, not in it: a click on it must not toggle the card */}
			<CompareButton
				name={`${roomName}, ${styleLabel(variation.style)}`}
				onClick={onCompare}
				className="absolute top-2 right-2 z-10"
			/>
		</li>
	)
}

/** A submit button of the review's form that opens the logo screen, taking the choice along. */
function LogoButton({ children, variant }: { children: ReactNode; variant?: 'outline' | 'ghost' }) {
	return (
		<Button type="submit" name="stage" value="logo" size="sm" variant={variant}>
			{children}
		</Button>
	)
}

function BrandingOption({
	branding,
	onBrandingChange,
	logo,
}: {
	branding: boolean
	onBrandingChange: (on: boolean) => void
	logo: LogoState
}) {
	return (
		<section
			aria-labelledby="branding-heading"
			className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
		>
			<h3 id="branding-heading" className="sr-only">
				Branding
			</h3>
			<label className="flex cursor-pointer items-start gap-3">
				<input
					type="checkbox"
					name="watermarkingEnabled"
					checked={branding}
					onChange={(e) => onBrandingChange(e.target.checked)}
					className="mt-0.5 size-5 accent-brand"
				/>
				<span className="flex flex-col gap-0.5">
					<span className="flex items-center gap-2 font-medium text-gray-900">
						<Stamp aria-hidden className="size-4 text-brand" />
						Brand Images with Your Logo
					</span>
					<span className="text-sm text-muted-foreground">
						Your logo goes in the bottom-right corner of every image you keep.
					</span>
				</span>
			</label>
			{logo.hasLogo && logo.logoUrl ? (
				<div className="flex items-center gap-3">
					<span className="flex h-12 w-24 items-center justify-center rounded-md border border-gray-200 bg-[repeating-conic-gradient(#f4f5f7_0_25%,#fff_0_50%)] bg-[length:12px_12px] p-1">
						<img src={logo.logoUrl} alt="Your logo" className="max-h-full max-w-full object-contain" />
					</span>
					<LogoButton variant="outline">Change Logo</LogoButton>
				</div>
			) : branding ? (
				<div
					role="alert"
					className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
				>
					<CircleAlert aria-hidden className="size-4 shrink-0" />
					<span className="flex-1">Upload your logo to brand your images.</span>
					<LogoButton>
						<ImagePlus aria-hidden className="size-4" />
						Upload Logo
					</LogoButton>
				</div>
			) : (
				<div className="self-start">
					<LogoButton variant="ghost">
						<ImagePlus aria-hidden className="size-4" />
						Upload Logo
					</LogoButton>
				</div>
			)}
		</section>
	)
}

/**
 * The final review (spec 02 §2): favourites grouped per room as cards to keep or leave out, the
 * branding option, the order, and 'Pay & Receive Rendos'. One GET form: its buttons open the
 * logo or payment screen with the choice in the URL, with or without JavaScript.
 */
export function FinalReview({
	rooms,
	favourites,
	initial,
	logo,
	checkout,
	onBack,
}: {
	rooms: RoomView[]
	favourites: VariationView[]
	initial: CheckoutState
	logo: LogoState
	checkout: CheckoutSettings
	onBack: () => void
}) {
	const hydrated = useHydrated()
	const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initial.variationIds))
	const [branding, setBranding] = useState(initial.watermarkingEnabled)
	const [comparing, setComparing] = useState<Comparison | null>(null)
	const groups = rooms
		.map((room) => ({ room, items: favourites.filter((v) => v.roomId === room.id) }))
		.filter((group) => group.items.length > 0)
	const toggle = (id: string) =>
		setSelected((current) => {
			const next = new Set(current)
			if (!next.delete(id)) next.add(id)
			return next
		})
	const blocker = checkoutBlocker({ variationIds: [...selected], watermarkingEnabled: branding }, logo.hasLogo)

	return (
		<Form method="get" className="flex flex-col gap-5">
			<input type="hidden" name="step" value="download" />
			<StepHeading
				title="Final Review"
				description="Choose the favourites to keep. Only the images you select are kept once the project is complete."
			/>
			{favourites.length === 0 ? (
				<p className="rounded-xl bg-muted p-6 text-center text-sm text-muted-foreground">
					No favourites yet. Go back and tap the heart on the images you want to keep.
				</p>
			) : (
				<>
					<div className="flex flex-wrap items-center justify-between gap-3">
						<p aria-live="polite" className="text-sm font-medium text-gray-900">
							{selected.size} of {pluralise(favourites.length, 'favorite')} selected
						</p>
						{/* Ticking the boxes does the same without JavaScript. */}
						{hydrated ? (
							<div className="flex gap-2">
								<Button
									size="sm"
									variant="outline"
									onClick={() => setSelected(new Set(favourites.map((v) => v.id)))}
									disabled={selected.size === favourites.length}
								>
									Select All
								</Button>
								<Button
									size="sm"
									variant="outline"
									onClick={() => setSelected(new Set())}
									disabled={selected.size === 0}
								>
									Clear Selection
								</Button>
							</div>
						) : null}
					</div>
					<UncheckedWarning favourites={favourites.filter((v) => selected.has(v.id))} />
					{groups.map(({ room, items }) => {
						const name = roomLabel(room)
						const chosen = items.filter((v) => selected.has(v.id)).length
						return (
							<section key={room.id} aria-labelledby={`review-${room.id}`} className="flex flex-col gap-3">
								<h3
									id={`review-${room.id}`}
									className="flex items-baseline justify-between gap-2 font-semibold text-gray-900"
								>
									{name}
									<span className="text-sm font-normal text-muted-foreground">
										{chosen} of {items.length} selected
									</span>
								</h3>
								<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
									{items.map((v) => (
										<FavouriteCard
											key={v.id}
											variation={v}
											roomName={name}
											selected={selected.has(v.id)}
											onToggle={() => toggle(v.id)}
											onCompare={() => setComparing(comparisonOf(room, v, `${name}, ${styleLabel(v.style)}`))}
										/>
									))}
								</ul>
							</section>
						)
					})}
					<CompareDialog comparison={comparing} onClose={() => setComparing(null)} />
				</>
			)}
			<div className="grid gap-4 lg:grid-cols-2">
				<BrandingOption branding={branding} onBrandingChange={setBranding} logo={logo} />
				<OrderSummary
					note={
						checkout.mode === 'invoice' ? (
							<p className="rounded-lg bg-muted px-3 py-2 text-sm text-gray-800">
								No card needed: this is billed to your monthly invoice.
							</p>
						) : null
					}
				>
					<div className="flex justify-between gap-4 text-muted-foreground">
						<dt>Images kept</dt>
						<dd className="tabular-nums">{selected.size}</dd>
					</div>
				</OrderSummary>
			</div>
			<StepActions status={blocker ? <p className="text-sm text-muted-foreground">{blocker}</p> : null}>
				<Button variant="outline" onClick={onBack}>
					<ArrowLeft aria-hidden className="size-4" />
					Back
				</Button>
				{/* Without JavaScript the boxes change after this renders: the payment screen checks again. */}
				<Button type="submit" name="stage" value="payment" disabled={hydrated && !!blocker}>
					<CreditCard aria-hidden className="size-4" />
					Pay &amp; Receive Rendos
				</Button>
			</StepActions>
		</Form>
	)
}

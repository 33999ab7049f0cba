import { Receipt } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatPounds, ORDER_LINE_DESCRIPTION, PROPERTY_PRICE_PENCE } from '#core/billing/pricing.ts'

/** The order: always one line at £99.00, whatever the number of favourites (spec 02 §1). */
export function OrderSummary({ note, children }: { note?: ReactNode; children?: ReactNode }) {
	const price = formatPounds(PROPERTY_PRICE_PENCE)
	return (
		<section
			aria-labelledby="order-summary"
			className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
		>
			<h3 id="order-summary" className="flex items-center gap-2 font-semibold text-gray-900">
				<Receipt aria-hidden className="size-5 text-brand" />
				Order Summary
			</h3>
			<dl className="flex flex-col gap-2 text-sm">
				<div className="flex justify-between gap-4">
					<dt className="text-gray-800">{ORDER_LINE_DESCRIPTION}</dt>
					<dd className="font-medium text-gray-900 tabular-nums">{price}</dd>
				</div>
				{children}
				<div className="flex justify-between gap-4 border-t border-gray-100 pt-2 text-base">
					<dt className="font-semibold text-gray-900">Total</dt>
					<dd className="font-bold text-gray-900 tabular-nums">{price}</dd>
				</div>
			</dl>
			<p className="text-xs text-muted-foreground">One-time payment per property · No subscription</p>
			{note}
		</section>
	)
}

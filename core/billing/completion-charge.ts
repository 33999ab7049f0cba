import type { Tx } from '#core/platform/db.ts'
import { addToMonthlyInvoice } from './invoices.ts'
import { ORDER_LINE_DESCRIPTION, PROPERTY_PRICE_CURRENCY, PROPERTY_PRICE_PENCE } from './pricing.ts'
import { recordUsageEvent, USAGE_EVENTS } from './usage-events.ts'

/** How a completion was paid: by card (a succeeded PaymentIntent) or on the monthly invoice. */
export type CompletionPayment = { mode: 'invoice' } | { mode: 'stripe'; paymentIntentId: string }

/**
 * The billing side of completing a project, inside the completion's transaction: in invoice mode
 * the £99 line on the agent's monthly invoice; in both modes the usage event with its amount.
 */
export async function chargeCompletion(
	tx: Tx,
	completion: {
		project: { id: string; userId: string; propertyAddress: string }
		completedAt: Date
		payment: CompletionPayment
		keptCount: number
		watermarkingEnabled: boolean
	},
) {
	const { project, payment } = completion
	const invoice =
		payment.mode === 'invoice'
			? await addToMonthlyInvoice(tx, {
					userId: project.userId,
					projectId: project.id,
					propertyAddress: project.propertyAddress,
					completedAt: completion.completedAt,
				})
			: null
	const paymentIntentId = payment.mode === 'stripe' ? payment.paymentIntentId : null
	await recordUsageEvent(tx, {
		projectId: project.id,
		userId: project.userId,
		eventType: USAGE_EVENTS.projectCompleted,
		billingAmount: PROPERTY_PRICE_PENCE,
		eventData: {
			paymentMode: payment.mode,
			currency: PROPERTY_PRICE_CURRENCY,
			keptCount: completion.keptCount,
			watermarkingEnabled: completion.watermarkingEnabled,
			...(paymentIntentId && { paymentIntentId }),
			...(invoice && { invoiceNumber: invoice.invoiceNumber }),
		},
	})
	return {
		mode: payment.mode,
		description: ORDER_LINE_DESCRIPTION,
		amount: PROPERTY_PRICE_PENCE,
		currency: PROPERTY_PRICE_CURRENCY,
		invoiceNumber: invoice?.invoiceNumber ?? null,
		paymentIntentId,
	}
}

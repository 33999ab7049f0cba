import { and, countDistinct, count, eq, inArray } from 'drizzle-orm'
import { agentBillingCycles, agentInvoiceLineItems, propertyStudioCheckouts } from '#db/schema/billing.ts'
import { propertySessionCompletions, propertyStudioVariations } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { ownedProject } from '#core/studio/access.ts'
import { invoicePath } from './agent-invoices.ts'
import { PROPERTY_PRICE_PENCE } from './pricing.ts'

/**
 * What an agent bought when they completed a project: the property, what it cost and how it was
 * paid (the monthly invoice's number, or the card), and how many images of how many rooms they
 * keep. Read from the rows completion wrote, so it says the same whenever it is asked.
 * Someone else's project is refused as any project is (404/403); one not completed is 404.
 */
export async function purchaseSummary(actor: Actor, projectId: string) {
	const project = await ownedProject(db, actor, projectId, { need: 'read' })
	if (project.status !== 'completed') throw new NotFoundError('This property has not been completed')
	const [[invoice], [card], [completion]] = await Promise.all([
		db
			.select({
				amount: agentInvoiceLineItems.totalAmount,
				invoiceNumber: agentBillingCycles.invoiceNumber,
				billingCycleId: agentBillingCycles.id,
			})
			.from(agentInvoiceLineItems)
			.innerJoin(agentBillingCycles, eq(agentBillingCycles.id, agentInvoiceLineItems.billingCycleId))
			.where(eq(agentInvoiceLineItems.projectId, project.id)),
		db
			.select({ amount: propertyStudioCheckouts.amount })
			.from(propertyStudioCheckouts)
			.where(eq(propertyStudioCheckouts.projectId, project.id)),
		db
			.select({ kept: propertySessionCompletions.selectedVariationIds })
			.from(propertySessionCompletions)
			.where(eq(propertySessionCompletions.projectId, project.id)),
	])
	const kept = completion?.kept ?? []
	const [images] = kept.length
		? await db
				.select({ images: count(), rooms: countDistinct(propertyStudioVariations.roomId) })
				.from(propertyStudioVariations)
				.where(and(inArray(propertyStudioVariations.id, kept), eq(propertyStudioVariations.status, 'completed')))
		: [{ images: 0, rooms: 0 }]
	return {
		projectId: project.id,
		propertyAddress: project.propertyAddress,
		clientName: project.clientName,
		completedAt: project.completedAt,
		amountPence: invoice?.amount ?? card?.amount ?? PROPERTY_PRICE_PENCE,
		payment: invoice
			? { mode: 'invoice' as const, invoiceNumber: invoice.invoiceNumber }
			: { mode: 'card' as const, invoiceNumber: null },
		// The monthly invoice the line is on, or the card payment's receipt (named by the project)
		invoiceUrl: invoicePath(invoice?.billingCycleId ?? project.id),
		images: images.images,
		rooms: images.rooms,
	}
}
export type PurchaseSummary = Awaited<ReturnType<typeof purchaseSummary>>

import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { agents } from '#db/schema/accounts.ts'
import { agentBillingCycles, agentInvoiceLineItems } from '#db/schema/billing.ts'
import type { Tx } from '#core/platform/db.ts'
import { ORDER_LINE_DESCRIPTION, PROPERTY_PRICE_PENCE } from './pricing.ts'

const PAYMENT_TERMS_DAYS = 14

/**
 * Calendar months in UTC, one boundary for every server whatever its time zone (as the
 * dashboard's "this month"); the end is exclusive: the first instant of the next month.
 */
export function billingPeriod(at: Date) {
	return {
		start: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
		end: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
	}
}

/** e.g. INV-202607-3FA94C1D: the month, then 32 random bits (the column is unique). */
function newInvoiceNumber(periodStart: Date) {
	const month = `${periodStart.getUTCFullYear()}${String(periodStart.getUTCMonth() + 1).padStart(2, '0')}`
	return `INV-${month}-${randomBytes(4).toString('hex').toUpperCase()}`
}

/**
 * Invoice mode: adds the £99 line for a completed project to the agent's billing cycle of the
 * month it completed in, creating that cycle on first use. A project is billed once (the line's
 * project id is unique), and the cycle's row lock keeps its totals exact under concurrent
 * completions.
 */
export async function addToMonthlyInvoice(
	tx: Tx,
	line: { userId: string; projectId: string; propertyAddress: string; completedAt: Date },
) {
	const { start, end } = billingPeriod(line.completedAt)
	const [agent] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.userId, line.userId)).limit(1)
	await tx
		.insert(agentBillingCycles)
		.values({
			userId: line.userId,
			agentId: agent?.id,
			billingPeriodStart: start,
			billingPeriodEnd: end,
			invoiceNumber: newInvoiceNumber(start),
			dueDate: new Date(end.getTime() + PAYMENT_TERMS_DAYS * 24 * 60 * 60 * 1000),
		})
		.onConflictDoNothing({ target: [agentBillingCycles.userId, agentBillingCycles.billingPeriodStart] })
	const [cycle] = await tx
		.select()
		.from(agentBillingCycles)
		.where(and(eq(agentBillingCycles.userId, line.userId), eq(agentBillingCycles.billingPeriodStart, start)))
		.for('update')
	const added = await tx
		.insert(agentInvoiceLineItems)
		.values({
			billingCycleId: cycle.id,
			projectId: line.projectId,
			propertyAddress: line.propertyAddress,
			completedAt: line.completedAt,
			itemDescription: ORDER_LINE_DESCRIPTION,
			unitPrice: PROPERTY_PRICE_PENCE,
			quantity: 1,
			totalAmount: PROPERTY_PRICE_PENCE,
		})
		.onConflictDoNothing({ target: agentInvoiceLineItems.projectId })
		.returning({ id: agentInvoiceLineItems.id })
	if (added.length)
		await tx
			.update(agentBillingCycles)
			.set({
				totalProperties: sql`${agentBillingCycles.totalProperties} + 1`,
				totalRevenue: sql`${agentBillingCycles.totalRevenue} + ${PROPERTY_PRICE_PENCE}`,
			})
			.where(eq(agentBillingCycles.id, cycle.id))
	return { billingCycleId: cycle.id, invoiceNumber: cycle.invoiceNumber }
}

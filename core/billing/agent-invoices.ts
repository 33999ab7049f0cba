import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { users } from '#db/schema/accounts.ts'
import { agentBillingCycles, agentInvoiceLineItems } from '#db/schema/billing.ts'
import { propertyStudioProjects, propertyStudioUsageEvents } from '#db/schema/studio.ts'
import { can, requireUser, type Actor } from '#core/accounts/actor.ts'
import { agentProfileFor } from '#core/accounts/agent-profile.ts'
import { NotFoundError } from '#core/errors.ts'
import { isUuid } from '#core/ids.ts'
import { db } from '#core/platform/db.ts'
import { ORDER_LINE_DESCRIPTION } from './pricing.ts'
import { USAGE_EVENTS } from './usage-events.ts'

export const INVOICE_NOT_FOUND = 'Invoice not found'

/** The web page of an invoice or a card receipt. */
export const invoicePath = (id: string) => `/invoices/${id}`

/**
 * How the agent paid for each property is written once, when it completes: on the monthly invoice
 * (a billing cycle and its lines) or by card (the completion's usage event holds the
 * PaymentIntent). So an agent has two kinds of paper: a monthly invoice, named by its billing
 * cycle's id, and a receipt per card payment, named by the project it paid for (a project is paid
 * for once).
 */
const cardPayment = and(
	eq(propertyStudioUsageEvents.eventType, USAGE_EVENTS.projectCompleted),
	sql`${propertyStudioUsageEvents.eventData}->>'paymentMode' = 'stripe'`,
)

/** Its owner reads it; staff read anyone's (answering an agent's question about a bill). */
function mayRead(actor: Actor, ownerId: string) {
	const user = requireUser(actor, 'read')
	return user.userId === ownerId || can(actor, 'view:ops')
}

/** Who the paper is made out to: the agency when the agent has a brand profile, else the account. */
async function billedTo(userId: string) {
	const [[user], profile] = await Promise.all([
		db
			.select({ firstName: users.firstName, lastName: users.lastName, username: users.username, email: users.email })
			.from(users)
			.where(eq(users.id, userId)),
		agentProfileFor(userId),
	])
	const accountName = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.username || ''
	return {
		name: profile?.agent.agentName ?? accountName,
		company: profile?.agent.companyName ?? null,
		email: profile?.agent.email ?? user?.email ?? '',
	}
}

/**
 * One monthly invoice or card receipt (GET /invoices/{id}), in pence. Anyone but its owner and
 * staff is told it does not exist, as for a mistyped id.
 */
export async function getInvoice(actor: Actor, id: string) {
	requireUser(actor, 'read')
	if (!isUuid(id)) throw new NotFoundError(INVOICE_NOT_FOUND)
	const [cycle] = await db.select().from(agentBillingCycles).where(eq(agentBillingCycles.id, id))
	if (cycle) {
		if (!mayRead(actor, cycle.userId)) throw new NotFoundError(INVOICE_NOT_FOUND)
		const lines = await db
			.select({
				id: agentInvoiceLineItems.id,
				propertyAddress: agentInvoiceLineItems.propertyAddress,
				completedAt: agentInvoiceLineItems.completedAt,
				itemDescription: agentInvoiceLineItems.itemDescription,
				unitPricePence: agentInvoiceLineItems.unitPrice,
				quantity: agentInvoiceLineItems.quantity,
				totalPence: agentInvoiceLineItems.totalAmount,
			})
			.from(agentInvoiceLineItems)
			.where(eq(agentInvoiceLineItems.billingCycleId, cycle.id))
			.orderBy(asc(agentInvoiceLineItems.completedAt), asc(agentInvoiceLineItems.createdAt))
		return {
			kind: 'invoice' as const,
			id: cycle.id,
			invoiceNumber: cycle.invoiceNumber,
			billedTo: await billedTo(cycle.userId),
			periodStart: cycle.billingPeriodStart,
			// The stored end is the first instant of the next period; the invoice names the last day in it.
			periodEnd: new Date(cycle.billingPeriodEnd.getTime() - 1),
			issuedAt: cycle.createdAt,
			dueDate: cycle.dueDate,
			paidAt: cycle.paidAt,
			status: cycle.status,
			lines,
			totalProperties: lines.length,
			// The lines are what is owed: the total is theirs, so it never disagrees with them.
			totalPence: lines.reduce((sum, line) => sum + line.totalPence, 0),
		}
	}
	const [paid] = await db
		.select({ event: propertyStudioUsageEvents, project: propertyStudioProjects })
		.from(propertyStudioUsageEvents)
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioUsageEvents.projectId))
		.where(and(eq(propertyStudioUsageEvents.projectId, id), cardPayment))
	if (!paid || !mayRead(actor, paid.event.userId)) throw new NotFoundError(INVOICE_NOT_FOUND)
	const amount = paid.event.billingAmount ?? 0
	return {
		kind: 'receipt' as const,
		id: paid.project.id,
		billedTo: await billedTo(paid.event.userId),
		propertyAddress: paid.project.propertyAddress,
		itemDescription: ORDER_LINE_DESCRIPTION,
		paidAt: paid.event.createdAt,
		paymentReference: String(paid.event.eventData?.paymentIntentId ?? ''),
		totalPence: amount,
	}
}
export type AgentInvoice = Awaited<ReturnType<typeof getInvoice>>

/** The agent's own invoices and receipts, newest first: the account page's Invoices section. */
export async function listInvoices(actor: Actor) {
	const { userId } = requireUser(actor, 'read')
	const [cycles, receipts] = await Promise.all([
		db
			.select({
				id: agentBillingCycles.id,
				invoiceNumber: agentBillingCycles.invoiceNumber,
				periodStart: agentBillingCycles.billingPeriodStart,
				status: agentBillingCycles.status,
				totalPence: sql<number>`coalesce(sum(${agentInvoiceLineItems.totalAmount}), 0)::int`,
			})
			.from(agentBillingCycles)
			.leftJoin(agentInvoiceLineItems, eq(agentInvoiceLineItems.billingCycleId, agentBillingCycles.id))
			.where(eq(agentBillingCycles.userId, userId))
			.groupBy(agentBillingCycles.id)
			.orderBy(desc(agentBillingCycles.billingPeriodStart)),
		db
			.select({
				id: propertyStudioProjects.id,
				propertyAddress: propertyStudioProjects.propertyAddress,
				paidAt: propertyStudioUsageEvents.createdAt,
				totalPence: propertyStudioUsageEvents.billingAmount,
			})
			.from(propertyStudioUsageEvents)
			.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioUsageEvents.projectId))
			.where(and(eq(propertyStudioUsageEvents.userId, userId), cardPayment))
			.orderBy(desc(propertyStudioUsageEvents.createdAt)),
	])
	return [
		...cycles.map((c) => ({ kind: 'invoice' as const, date: c.periodStart, url: invoicePath(c.id), ...c })),
		...receipts.map((r) => ({
			kind: 'receipt' as const,
			date: r.paidAt,
			url: invoicePath(r.id),
			...r,
			totalPence: r.totalPence ?? 0,
		})),
	].sort((a, b) => b.date.getTime() - a.date.getTime())
}
export type InvoiceListItem = Awaited<ReturnType<typeof listInvoices>>[number]

import { expect, test } from 'vitest'
import { loader as invoiceLoader } from '#app/routes/_studio+/invoices.$id.tsx'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { createProject } from '#core/studio/projects.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { getInvoice, listInvoices } from './agent-invoices.ts'
import { chargeCompletion, type CompletionPayment } from './completion-charge.ts'

type User = Awaited<ReturnType<typeof insertUser>>

/** A property completed at `completedAt` and billed as completion bills it. */
async function completed(user: User, address: string, completedAt: Date, payment: CompletionPayment) {
	const project = await createProject(actorFor(user), { propertyAddress: address })
	const billing = await db.transaction((tx) =>
		chargeCompletion(tx, {
			project: { id: project.id, userId: user.id, propertyAddress: address },
			completedAt,
			payment,
			keptCount: 2,
			watermarkingEnabled: false,
		}),
	)
	return { project, billing }
}

const invoiceMode = { mode: 'invoice' } as const

test("a month's properties are one invoice: its lines, number, period and total in pence, for its owner and staff only", async () => {
	const agent = await insertUser({ firstName: 'Ada', lastName: 'Lovelace' })
	const first = await completed(agent, '3 Harbour Row, Bristol', new Date('2026-11-03T10:00:00Z'), invoiceMode)
	await completed(agent, '9 Quay Street, Bristol', new Date('2026-11-28T16:30:00Z'), invoiceMode)
	await completed(agent, '1 Park Lane, Bath', new Date('2026-12-01T09:00:00Z'), invoiceMode)

	const list = await listInvoices(actorFor(agent))
	expect(list.map((item) => [item.kind, item.totalPence])).toEqual([
		['invoice', 9900],
		['invoice', 19800],
	])
	const november = list[1]
	expect(november).toMatchObject({ invoiceNumber: first.billing.invoiceNumber, status: 'draft' })

	const invoice = await getInvoice(actorFor(agent), november.id)
	expect(invoice).toMatchObject({
		kind: 'invoice',
		invoiceNumber: first.billing.invoiceNumber,
		billedTo: { name: 'Ada Lovelace', company: null, email: agent.email },
		periodStart: new Date('2026-11-01T00:00:00Z'),
		status: 'draft',
		totalProperties: 2,
		totalPence: 19800,
		lines: [
			{ propertyAddress: '3 Harbour Row, Bristol', itemDescription: 'Property Styling Service', unitPricePence: 9900 },
			{ propertyAddress: '9 Quay Street, Bristol', quantity: 1, totalPence: 9900 },
		],
	})
	// The period's last day is 30 November, not the 1 December its stored end names.
	expect(invoice.kind === 'invoice' && invoice.periodEnd.toISOString()).toBe('2026-11-30T23:59:59.999Z')

	const stranger = actorFor(await insertUser())
	await expect(getInvoice(stranger, november.id)).rejects.toBeInstanceOf(NotFoundError)
	expect(await listInvoices(stranger)).toEqual([])
	const staff = actorFor(await insertUser({ role: 'admin' }))
	expect(await getInvoice(staff, november.id)).toMatchObject({ totalPence: 19800 })
})

test('a card payment is a receipt: what was bought, the amount, the date and the PaymentIntent', async () => {
	const agent = await insertUser()
	const paidAt = Date.now()
	const { project } = await completed(agent, '12 Acacia Avenue, Bristol', new Date(), {
		mode: 'stripe',
		paymentIntentId: 'pi_3Receipt0001',
	})
	const receipt = await getInvoice(actorFor(agent), project.id)
	expect(receipt).toMatchObject({
		kind: 'receipt',
		propertyAddress: '12 Acacia Avenue, Bristol',
		itemDescription: 'Property Styling Service',
		paymentReference: 'pi_3Receipt0001',
		totalPence: 9900,
	})
	expect(receipt.kind === 'receipt' && Math.abs(receipt.paidAt.getTime() - paidAt)).toBeLessThan(60_000)
	expect(await listInvoices(actorFor(agent))).toMatchObject([{ kind: 'receipt', id: project.id, totalPence: 9900 }])

	await expect(getInvoice(actorFor(await insertUser()), project.id)).rejects.toBeInstanceOf(NotFoundError)
	// A project on the monthly invoice has no receipt of its own; an id that is no id is unknown.
	const onInvoice = await completed(agent, '4 Mill Lane, Bath', new Date(), invoiceMode)
	await expect(getInvoice(actorFor(agent), onInvoice.project.id)).rejects.toBeInstanceOf(NotFoundError)
	await expect(getInvoice(actorFor(agent), 'INV-1')).rejects.toBeInstanceOf(NotFoundError)
})

test('the invoice page shows its owner the invoice; a stranger gets 404 and nobody signed in is sent to log in', async () => {
	const agent = await insertUser()
	await completed(agent, '7 Bridge Street, Bath', new Date(), invoiceMode)
	const [invoice] = await listInvoices(actorFor(agent))
	const open = async (cookie?: string) =>
		// A thrown data() (the 404) is settled as a returned one
		settle(() =>
			invoiceLoader({
				request: getRequest(`/invoices/${invoice.id}`, { cookie }),
				params: { id: invoice.id },
				context: {},
			}).catch((thrown: unknown) => {
				if (thrown instanceof Response) throw thrown
				return thrown
			}),
		)

	expect((await open(await cookieFor(agent))).data).toMatchObject({
		invoice: {
			kind: 'invoice',
			id: invoice.id,
			totalPence: 9900,
			lines: [{ propertyAddress: '7 Bridge Street, Bath' }],
		},
	})
	const stranger = await open(await cookieFor(await insertUser()))
	expect(stranger.status).toBe(404)
	expect(stranger.data).toBe('Invoice not found')
	const anonymous = await open()
	expect(anonymous.status).toBe(302)
	expect(anonymous.headers.get('location')).toMatch(/^\/login\?redirectTo=/)
})

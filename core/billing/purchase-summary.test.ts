import { expect, test } from 'vitest'
import { loader as studioList } from '#app/routes/_studio+/property-studio._index.tsx'
import { ForbiddenError, NotFoundError } from '#core/errors.ts'
import { completeProject } from '#core/studio/complete-project.ts'
import { favourite, renderedProject } from '#tests/checkout.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { getInvoice } from './agent-invoices.ts'
import { purchaseSummary } from './purchase-summary.ts'

// Invoice mode, the embedded default: no Stripe key is configured.

test('what was bought: the property, £99 on the monthly invoice, the images kept and their rooms', async () => {
	const user = await insertUser()
	const { actor, project, variations } = await renderedProject(user, {
		address: '3 Harbour Row, Bristol BS1 5TT',
		rooms: [
			{ roomType: 'kitchen', style: 'modern' },
			{ roomType: 'living', style: 'scandinavian' },
		],
	})
	// Two of the kitchen's, one of the living room's: three images of two rooms.
	await favourite(user, [variations[0].id, variations[1].id, variations[3].id])
	await expect(purchaseSummary(actor, project.id)).rejects.toBeInstanceOf(NotFoundError)
	const completed = await completeProject(actor, project.id, { watermarkingEnabled: false })

	expect(await purchaseSummary(actor, project.id)).toMatchObject({
		projectId: project.id,
		propertyAddress: '3 Harbour Row, Bristol BS1 5TT',
		amountPence: 9900,
		payment: { mode: 'invoice', invoiceNumber: completed.billing.invoiceNumber },
		images: 3,
		rooms: 2,
	})
	// The notice links the monthly invoice the property's line is on.
	const { invoiceUrl } = await purchaseSummary(actor, project.id)
	expect(await getInvoice(actor, invoiceUrl.replace('/invoices/', ''))).toMatchObject({
		invoiceNumber: completed.billing.invoiceNumber,
		lines: [{ propertyAddress: '3 Harbour Row, Bristol BS1 5TT' }],
	})
	await expect(purchaseSummary(actorFor(await insertUser()), project.id)).rejects.toBeInstanceOf(ForbiddenError)
})

test("the studio list tells of the purchase its address names, never of a stranger's", async () => {
	const user = await insertUser()
	const { actor, project, variations } = await renderedProject(user)
	await favourite(user, [variations[0].id])
	await completeProject(actor, project.id, { watermarkingEnabled: false })
	const list = async (owner: { id: string }) => {
		const request = getRequest(`/property-studio?bought=${project.id}`, { cookie: await cookieFor(owner) })
		return (await settle(() => studioList({ request, params: {}, context: {} }))).data as { purchase: unknown }
	}

	expect((await list(user)).purchase).toMatchObject({ projectId: project.id, images: 1, rooms: 1 })
	expect((await list(await insertUser())).purchase).toBeNull()
})

import { eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { agentBillingCycles, agentInvoiceLineItems } from '#db/schema/billing.ts'
import { propertyStudioDownloadAssets } from '#db/schema/downloads.ts'
import {
	propertySessionCompletions,
	propertyStudioProjects,
	propertyStudioUsageEvents,
	propertyStudioVariations,
} from '#db/schema/studio.ts'
import { action as paymentIntentAction } from '#app/routes/api+/create-payment-intent.ts'
import { action as completeAction } from '#app/routes/api+/property-studio.projects.$id.complete.ts'
import { loader as workflowLoader } from '#app/routes/_studio+/property-studio.$id.tsx'
import { db } from '#core/platform/db.ts'
import { sharp } from '#core/platform/sharp.ts'
import { storage } from '#core/platform/storage.ts'
import { ForbiddenError } from '#core/errors.ts'
import { withoutProvenance } from '#core/disclosure/provenance.ts'
import { favourite, giveLogo, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { agencyChoosing } from '#tests/disclosure.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { changedBox } from '#tests/image-diff.ts'
import { drainJobs } from '#tests/jobs.ts'
import { jsonRequest, getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { completeProject } from './complete-project.ts'
import { variationImageKeys } from './render-variations.ts'
import { setFavorite } from './variations.ts'

// This file runs in invoice mode, the embedded default: no Stripe key is configured.

const call = (fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}) =>
	fn({ request, params, context: {} } as never) as Promise<Response>

async function readStored(key: string) {
	const object = await storage().get(key)
	if (!object) return null
	const chunks: Buffer[] = []
	for await (const chunk of object.body) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks)
}

describe('completion in invoice mode', () => {
	test('keeps exactly the favourites: the rest leave storage and the database, the kept become final assets', async () => {
		const user = await insertUser()
		const { project, variations } = await renderedProject(user, {
			rooms: [
				{ roomType: 'kitchen', style: 'scandinavian' },
				{ roomType: 'living', style: 'modern' },
			],
		})
		expect(variations).toHaveLength(6)
		const kept = [variations[1].id, variations[4].id]
		await favourite(user, kept)
		const cookie = await cookieFor(user)

		const response = await call(completeAction, jsonRequest('/x', { watermarkingEnabled: false }, { cookie }), {
			id: project.id,
		})
		expect(response.status).toBe(200)
		const answer = await response.json()
		expect(answer).toMatchObject({
			success: true,
			project: { status: 'completed' },
			cleanupResult: { keptCount: 2, removedCount: 4 },
			billing: { mode: 'invoice', amount: 9900, currency: 'gbp', description: 'Property Styling Service' },
		})
		expect(answer.project.completedAt).toEqual(expect.any(String))
		expect(answer.billing.invoiceNumber).toMatch(/^INV-\d{6}-[0-9A-F]{8}$/)

		// In the same transaction: the completion row records what is kept, the kept are permanent.
		const [completion] = await db
			.select()
			.from(propertySessionCompletions)
			.where(eq(propertySessionCompletions.projectId, project.id))
		expect(completion.selectedVariationIds.sort()).toEqual([...kept].sort())
		expect(completion.cleanupCompletedAt).toBeNull()
		const permanent = await db.select().from(propertyStudioVariations).where(inArray(propertyStudioVariations.id, kept))
		expect(permanent.every((v) => v.isPermanent)).toBe(true)

		await drainJobs()
		const left = await db
			.select()
			.from(propertyStudioVariations)
			.where(
				inArray(
					propertyStudioVariations.id,
					variations.map((v) => v.id),
				),
			)
		expect(left.map((v) => v.id).sort()).toEqual([...kept].sort())
		for (const v of variations) {
			const keys = variationImageKeys(v.id)
			const shouldExist = kept.includes(v.id)
			expect(await storage().exists(keys.full)).toBe(shouldExist)
			expect(await storage().exists(keys.thumbnail)).toBe(shouldExist)
		}
		const assets = await db
			.select()
			.from(propertyStudioDownloadAssets)
			.where(eq(propertyStudioDownloadAssets.projectId, project.id))
		expect(assets.map((a) => a.fileName).sort()).toEqual([
			'12-acacia-avenue_kitchen_scandinavian_1.jpg',
			'12-acacia-avenue_living_modern_1.jpg',
		])
		for (const asset of assets) {
			expect(asset.watermarked).toBe(false)
			expect(asset.fileSize).toBe((await readStored(asset.storageKey))!.length)
		}
		const [cleaned] = await db
			.select()
			.from(propertySessionCompletions)
			.where(eq(propertySessionCompletions.projectId, project.id))
		expect(cleaned.cleanupCompletedAt).toBeInstanceOf(Date)
		expect(cleaned.backupAssetCount).toBe(2)

		// Running the clean-up again changes nothing.
		await drainJobs()
		expect(
			await db
				.select()
				.from(propertyStudioDownloadAssets)
				.where(eq(propertyStudioDownloadAssets.projectId, project.id)),
		).toHaveLength(2)
	}, 60_000)

	test('with branding, the logo sits bottom-right, no larger than the logo itself', async () => {
		const user = await insertUser()
		await giveLogo(user, { width: 40, height: 20, colour: '#ff0000' })
		const { actor, project, variations } = await renderedProject(user)
		await favourite(user, [variations[0].id])
		const original = await readStored(variationImageKeys(variations[0].id).full)

		await completeProject(actor, project.id, { watermarkingEnabled: true })
		await drainJobs()

		const [asset] = await db
			.select()
			.from(propertyStudioDownloadAssets)
			.where(eq(propertyStudioDownloadAssets.projectId, project.id))
		expect(asset.watermarked).toBe(true)
		const branded = (await readStored(asset.storageKey))!
		const { data, info } = await sharp(branded).raw().toBuffer({ resolveWithObject: true })
		expect([info.width, info.height]).toEqual([640, 480])
		const pixel = (x: number, y: number) => [
			...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
		]
		const isRed = ([r, g, b]: number[]) => r > 200 && g < 60 && b < 60
		// 640×480 with a 3% margin (14 px): a 40×20 logo (not enlarged to a fifth of the image) spans x 586-625, y 446-465.
		expect(isRed(pixel(605, 455))).toBe(true)
		expect(isRed(pixel(588, 448))).toBe(true)
		expect(isRed(pixel(580, 455))).toBe(false)
		expect(isRed(pixel(605, 440))).toBe(false)
		expect(isRed(pixel(320, 240))).toBe(false)
		// The unbranded render is left as it was.
		expect(await readStored(variationImageKeys(variations[0].id).full)).toEqual(original)
	}, 60_000)

	test('the final images carry the "Virtually staged" label bottom-left, unless the agency turned it off or the render is a preview', async () => {
		const finalOf = async (user: Awaited<ReturnType<typeof insertUser>>, { preview = false } = {}) => {
			const { actor, project, variations } = await renderedProject(user)
			if (!preview) await stagedByVendor(variations)
			await favourite(user, [variations[0].id])
			const rendered = (await readStored(variationImageKeys(variations[0].id).full))!
			await completeProject(actor, project.id, { watermarkingEnabled: false })
			await drainJobs()
			const [asset] = await db
				.select()
				.from(propertyStudioDownloadAssets)
				.where(eq(propertyStudioDownloadAssets.projectId, project.id))
			return { rendered, asset, final: (await readStored(asset.storageKey))! }
		}

		const labelled = await finalOf(await insertUser())
		const box = (await changedBox(labelled.rendered, labelled.final))!
		expect(box.left).toBeLessThan(640 * 0.05)
		expect(box.bottom).toBeGreaterThan(480 * 0.9)
		// With the QR code and the originals address it reaches across, but not into the logo's corner.
		expect(box.right).toBeLessThan(640 * 0.8 - 14)

		const agency = await agencyChoosing({ disclosureLabel: 'off' })
		// No label: the render's own pixels and bytes, with only its provenance (XMP) written in.
		const plain = await finalOf(agency)
		expect(withoutProvenance(plain.final)).toEqual(plain.rendered)
		expect(plain.final.length).toBeGreaterThan(plain.rendered.length)

		// The local preview is not staged: its captions say "Preview, not staged" instead.
		const preview = await finalOf(await insertUser(), { preview: true })
		expect(preview.final).toEqual(preview.rendered)
	}, 60_000)

	test('a large logo is scaled down to a fifth of the image', async () => {
		const user = await insertUser()
		await giveLogo(user, { width: 1000, height: 500, colour: '#0000ff' })
		const { actor, project, variations } = await renderedProject(user)
		await favourite(user, [variations[2].id])
		await completeProject(actor, project.id, { watermarkingEnabled: true })
		await drainJobs()
		const [asset] = await db
			.select()
			.from(propertyStudioDownloadAssets)
			.where(eq(propertyStudioDownloadAssets.projectId, project.id))
		const { data, info } = await sharp((await readStored(asset.storageKey))!)
			.raw()
			.toBuffer({ resolveWithObject: true })
		const isBlue = (x: number, y: number) => {
			const i = (y * info.width + x) * info.channels
			return data[i] < 60 && data[i + 1] < 60 && data[i + 2] > 200
		}
		// 128×64 (a fifth of 640 wide) ending 14 px from the right and bottom edges: x 498-625, y 402-465.
		expect(isBlue(500, 404)).toBe(true)
		expect(isBlue(623, 463)).toBe(true)
		expect(isBlue(494, 430)).toBe(false)
		expect(isBlue(560, 398)).toBe(false)
	}, 60_000)

	test('only the chosen favourites are kept when the final review narrows them', async () => {
		const user = await insertUser()
		const { actor, project, variations } = await renderedProject(user)
		await favourite(
			user,
			variations.map((v) => v.id),
		)
		const answer = await completeProject(actor, project.id, { variationIds: [variations[0].id, variations[2].id] })
		expect(answer.cleanupResult).toEqual({ keptCount: 2, removedCount: 1 })
		await drainJobs()
		const left = await db
			.select({ id: propertyStudioVariations.id })
			.from(propertyStudioVariations)
			.where(
				inArray(
					propertyStudioVariations.id,
					variations.map((v) => v.id),
				),
			)
		expect(left.map((v) => v.id).sort()).toEqual([variations[0].id, variations[2].id].sort())
	}, 60_000)

	test('refuses an order with no favourites, an image that is not a favourite, or branding without a logo', async () => {
		const user = await insertUser()
		const { project, variations } = await renderedProject(user)
		const cookie = await cookieFor(user)
		const complete = (body: unknown) => call(completeAction, jsonRequest('/x', body, { cookie }), { id: project.id })

		const none = await complete({ watermarkingEnabled: false })
		expect(none.status).toBe(400)
		expect(await none.json()).toMatchObject({ message: 'Select at least one favourite to keep' })

		await favourite(user, [variations[0].id])
		const notFavourite = await complete({ variationIds: [variations[1].id] })
		expect(notFavourite.status).toBe(400)
		expect(await notFavourite.json()).toMatchObject({
			errors: { variationIds: ['Only favourited images can be kept'] },
		})

		const noLogo = await complete({ watermarkingEnabled: true })
		expect(noLogo.status).toBe(400)
		expect(await noLogo.json()).toMatchObject({ message: 'Upload your logo to brand your images' })

		const [row] = await db.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.id, project.id))
		expect(row.status).toBe('active')
		expect(
			await db.select().from(propertySessionCompletions).where(eq(propertySessionCompletions.projectId, project.id)),
		).toHaveLength(0)
	}, 60_000)

	test("completing twice, or another user's project, changes nothing (409 / 403)", async () => {
		const owner = await insertUser()
		const stranger = await insertUser()
		const { project, variations } = await renderedProject(owner)
		await favourite(owner, [variations[0].id])
		const complete = async (user: typeof owner) =>
			call(completeAction, jsonRequest('/x', { watermarkingEnabled: false }, { cookie: await cookieFor(user) }), {
				id: project.id,
			})

		const strangers = await complete(stranger)
		expect(strangers.status).toBe(403)
		expect(await strangers.json()).toEqual({ message: 'Unauthorized access to project' })
		expect((await complete(owner)).status).toBe(200)
		const again = await complete(owner)
		expect(again.status).toBe(409)
		expect(await again.json()).toEqual({ message: 'This project is already complete' })
		expect((await complete(stranger)).status).toBe(403)

		expect(
			await db.select().from(propertySessionCompletions).where(eq(propertySessionCompletions.projectId, project.id)),
		).toHaveLength(1)
		expect(
			await db.select().from(agentInvoiceLineItems).where(eq(agentInvoiceLineItems.projectId, project.id)),
		).toHaveLength(1)
		const events = await db
			.select()
			.from(propertyStudioUsageEvents)
			.where(eq(propertyStudioUsageEvents.projectId, project.id))
		expect(events).toHaveLength(1)
		expect(events[0]).toMatchObject({ eventType: 'project_completed', billingAmount: 9900, userId: owner.id })
		expect(events[0].eventData).toMatchObject({ paymentMode: 'invoice', keptCount: 1 })

		// Closed: no more favourites, and the workflow sends the agent to the downloads.
		await expect(setFavorite(actorFor(owner), variations[0].id, false)).rejects.toBeInstanceOf(ForbiddenError)
		const request = getRequest(`/property-studio/${project.id}`, { cookie: await cookieFor(owner) })
		const page = await settle(() => workflowLoader({ request, params: { id: project.id }, context: {} } as never))
		expect(page.status).toBe(302)
		expect(page.headers.get('location')).toBe(`/property-studio/${project.id}/downloads`)
	}, 60_000)

	test('the order is billed on the monthly invoice: one cycle per agent and month, one £99 line per property', async () => {
		const agent = await insertUser()
		const other = await insertUser()
		const orders = [
			[agent, '1 First Street'],
			[agent, '2 Second Street'],
			[agent, '3 Third Street'],
			[other, '4 Fourth Street'],
		] as const
		const projects = []
		for (const [user, address] of orders) {
			const made = await renderedProject(user, { address })
			await favourite(user, [made.variations[0].id])
			projects.push(made)
		}
		// All at once: the cycle is created once and its totals stay exact.
		await Promise.all(projects.map(({ actor, project }) => completeProject(actor, project.id, {})))

		const agentCycles = await db.select().from(agentBillingCycles).where(eq(agentBillingCycles.userId, agent.id))
		expect(agentCycles).toHaveLength(1)
		const now = new Date()
		expect(agentCycles[0]).toMatchObject({
			totalProperties: 3,
			totalRevenue: 29700,
			status: 'draft',
			billingPeriodStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
			billingPeriodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
		})
		const lines = await db
			.select()
			.from(agentInvoiceLineItems)
			.where(eq(agentInvoiceLineItems.billingCycleId, agentCycles[0].id))
		expect(lines.map((l) => l.propertyAddress).sort()).toEqual(['1 First Street', '2 Second Street', '3 Third Street'])
		expect(
			lines.every(
				(l) =>
					l.unitPrice === 9900 &&
					l.quantity === 1 &&
					l.totalAmount === 9900 &&
					l.itemDescription === 'Property Styling Service',
			),
		).toBe(true)

		const otherCycles = await db.select().from(agentBillingCycles).where(eq(agentBillingCycles.userId, other.id))
		expect(otherCycles).toHaveLength(1)
		expect(otherCycles[0]).toMatchObject({ totalProperties: 1, totalRevenue: 9900 })
		expect(otherCycles[0].invoiceNumber).not.toBe(agentCycles[0].invoiceNumber)

		const events = await db
			.select()
			.from(propertyStudioUsageEvents)
			.where(
				inArray(
					propertyStudioUsageEvents.projectId,
					projects.map((p) => p.project.id),
				),
			)
		expect(events.map((e) => [e.eventType, e.billingAmount])).toEqual(Array(4).fill(['project_completed', 9900]))
	}, 90_000)

	test('card payments are off: create-payment-intent answers 404', async () => {
		const user = await insertUser()
		const { project } = await renderedProject(user)
		const response = await call(
			paymentIntentAction,
			jsonRequest(
				'/api/create-payment-intent',
				{ amount: 99, projectId: project.id, favoriteCount: 1 },
				{ cookie: await cookieFor(user) },
			),
		)
		expect(response.status).toBe(404)
		expect(await response.json()).toMatchObject({ message: expect.stringContaining('monthly invoice') })
	}, 60_000)
})

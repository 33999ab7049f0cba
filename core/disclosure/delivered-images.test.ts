import { createHash } from 'node:crypto'
import { RelationshipType } from '@trustnxt/c2pa-ts/manifest'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { propertyStudioDownloadAssets as assets } from '#db/schema/downloads.ts'
import { propertyStudioRooms as rooms, propertyStudioVariations as variations } from '#db/schema/studio.ts'
import type { User } from '#db/schema/accounts.ts'
import { db } from '#core/platform/db.ts'
import { readBytes } from '#core/platform/storage.ts'
import { completeProject } from '#core/studio/complete-project.ts'
import { downloadableImages } from '#core/studio/download-files.ts'
import { markImage } from '#core/studio/watermark.ts'
import { favourite, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { agencyChoosing, readCredentials, readQr, readXmp } from '#tests/disclosure.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { AI_EDITED_SOURCE_TYPE } from './alteration.ts'
import { disclosedImage } from './disclosed-image.ts'
import { imageAnchor, liveOriginalsPage, originalsUrl, shortOriginalsAddress } from './originals-address.ts'
import { withoutProvenance } from './provenance.ts'

// The three ways a render leaves Rendo as a file (the final downloads made at completion, the
// favourites downloaded before it, the bot's results) against renders a staging vendor made.

/**
 * A project of three renders a vendor made (the local preview drew them; the row says who), as a
 * staged room, a twilight shot and an enhanced photo: disclosure reads what the row says was done.
 */
async function vendorProject(user: User) {
	const { actor, project, variations: made } = await renderedProject(user)
	await stagedByVendor(made)
	const styles = ['scandinavian', 'twilight', 'enhance']
	for (const [i, style] of styles.entries())
		await db.update(variations).set({ style }).where(eq(variations.id, made[i].id))
	const rows = await Promise.all(
		made.map(async (v) => (await db.select().from(variations).where(eq(variations.id, v.id)))[0]),
	)
	const [staged, twilight, enhanced] = await Promise.all(
		rows.map(async (row) => {
			const [room] = await db.select().from(rooms).where(eq(rooms.id, row.roomId))
			return { row, rendered: (await readBytes(row.imageUrl!))!, originalKey: room.originalImageUrl }
		}),
	)
	const { token } = await liveOriginalsPage(project.id)
	const link = (v: { id: string }) => originalsUrl(token, imageAnchor(v.id))
	return { actor, project, owned: { id: project.id, userId: user.id }, token, link, staged, twilight, enhanced }
}

/** The final download of each kept variation, by variation id, once the completion's clean-up ran. */
async function finals(actor: ReturnType<typeof actorFor>, user: User, projectId: string, ids: string[]) {
	await favourite(user, ids)
	await completeProject(actor, projectId, { watermarkingEnabled: false })
	await drainJobs()
	const rows = await db.select().from(assets).where(eq(assets.projectId, projectId))
	return new Map(await Promise.all(rows.map(async (a) => [a.variationId, (await readBytes(a.storageKey))!] as const)))
}

const alteredXmp = (description: string, link: string) => ({
	'XMP-iptcExt:DigitalSourceType': AI_EDITED_SOURCE_TYPE,
	'XMP-dc:Description': description,
	'XMP-dc:Source': link,
})

describe('a delivered altered image leads to its original', () => {
	test('final downloads: staged and twilight carry a QR code to their anchor, read on the file as delivered; enhanced none', async () => {
		const user = await insertUser()
		const { actor, project, link, staged, twilight, enhanced } = await vendorProject(user)
		const files = await finals(actor, user, project.id, [staged.row.id, twilight.row.id, enhanced.row.id])

		for (const { row } of [staged, twilight]) {
			const file = files.get(row.id)!
			// As delivered: these renders are 640 px wide, and shown 1080 px wide would be an upscale,
			// which the code's size does not promise (docs/disclosure.md).
			expect(await readQr(file)).toBe(link(row))
		}
		expect(await readXmp(files.get(staged.row.id)!)).toMatchObject(
			alteredXmp('Furniture added, Scandinavian style', link(staged.row)),
		)
		expect(await readXmp(files.get(twilight.row.id)!)).toMatchObject(
			alteredXmp('Sky changed to dusk', link(twilight.row)),
		)
		// Content Credentials, signed over the file as delivered, XMP included: the original photo
		// (by its hash) is their ingredient, and its address is where to see it.
		const { manifest, validation } = (await readCredentials(files.get(staged.row.id)!))!
		expect(validation.isValid).toBe(true)
		const [ingredient] = manifest.assertions!.getIngredientsByRelationship(RelationshipType.ParentOf)
		expect(ingredient.informationalURI).toBe(link(staged.row))
		const original = (await readBytes(staged.originalKey))!
		expect(ingredient.instanceID).toBe(`sha256:${createHash('sha256').update(original).digest('hex')}`)

		// Enhanced: labelled as before, alone; described for machines but not as AI-made.
		const plain = files.get(enhanced.row.id)!
		expect(await readQr(plain, 1080)).toBeNull()
		expect(withoutProvenance(plain)).toEqual(
			await markImage(enhanced.rendered, { logo: null, disclosure: { text: 'Digitally enhanced', original: null } }),
		)
		const tags = await readXmp(plain)
		expect(tags).toMatchObject({
			'XMP-dc:Description': 'Colour and exposure only',
			'XMP-dc:Source': link(enhanced.row),
		})
		expect(tags).not.toHaveProperty('XMP-iptcExt:DigitalSourceType')
		expect(await readCredentials(plain)).toBeNull()
	}, 90_000)

	test('favourites before completion carry the same; staff leaving the label out leaves the marking in', async () => {
		const user = await insertUser()
		const { actor, project, link, staged, enhanced } = await vendorProject(user)
		await favourite(user, [staged.row.id, enhanced.row.id])
		const read = async (options?: Parameters<typeof downloadableImages>[2]) => {
			const { images } = await downloadableImages(actor, project.id, options)
			return new Map(await Promise.all(images.map(async (i) => [i.id, (await i.read())!] as const)))
		}

		const labelled = await read()
		expect(await readQr(labelled.get(staged.row.id)!)).toBe(link(staged.row))
		expect(await readXmp(labelled.get(staged.row.id)!)).toMatchObject(
			alteredXmp('Furniture added, Scandinavian style', link(staged.row)),
		)
		expect(await readQr(labelled.get(enhanced.row.id)!)).toBeNull()

		const staff = actorFor(await insertUser({ role: 'admin' }))
		const unlabelled = await read({ disclosure: false, requestedBy: staff })
		const file = unlabelled.get(staged.row.id)!
		// The render's own bytes with the XMP segment added: no label, no re-encoding.
		expect(withoutProvenance(file)).toEqual(staged.rendered)
		expect(await readXmp(file)).toMatchObject(alteredXmp('Furniture added, Scandinavian style', link(staged.row)))
	}, 90_000)

	test("the bot's results lead to the original as well", async () => {
		const user = await insertUser()
		const { owned, link, staged, twilight } = await vendorProject(user)
		for (const { row, rendered } of [staged, twilight]) {
			const sent = await disclosedImage(rendered, row, owned)
			expect(await readQr(sent)).toBe(link(row))
			expect((await readXmp(sent))['XMP-dc:Source']).toBe(link(row))
		}
	}, 60_000)

	test("an agency's own words lead the label, and an agency that turned the label off still marks its files", async () => {
		const words = 'Digitally altered, see original'
		const worded = await agencyChoosing({ disclosureText: words })
		const own = await vendorProject(worded)
		const sent = await disclosedImage(own.staged.rendered, own.staged.row, own.owned)
		const label = {
			text: words,
			original: { address: shortOriginalsAddress(own.token), url: own.link(own.staged.row) },
		}
		// Byte for byte the label with the agency's words, the address and the QR code.
		const expected = await markImage(own.staged.rendered, { logo: null, disclosure: label })
		expect(withoutProvenance(sent).equals(expected)).toBe(true)

		const plain = await agencyChoosing({ disclosureLabel: 'off' })
		const off = await vendorProject(plain)
		const files = await finals(off.actor, plain, off.project.id, [off.staged.row.id])
		const final = files.get(off.staged.row.id)!
		expect(withoutProvenance(final)).toEqual(off.staged.rendered)
		expect(await readXmp(final)).toMatchObject(
			alteredXmp('Furniture added, Scandinavian style', off.link(off.staged.row)),
		)
		const bot = await disclosedImage(off.twilight.rendered, off.twilight.row, off.owned)
		expect(withoutProvenance(bot)).toEqual(off.twilight.rendered)
		expect(await readXmp(bot)).toMatchObject(alteredXmp('Sky changed to dusk', off.link(off.twilight.row)))
	}, 90_000)
})

import { buffer } from 'node:stream/consumers'
import { parse } from 'csv-parse/sync'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { propertyStudioDownloadAssets } from '#db/schema/downloads.ts'
import { propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { db } from '#core/platform/db.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import { completeProject } from '#core/studio/complete-project.ts'
import { downloadableImages } from '#core/studio/download-files.ts'
import { downloadsOverview } from '#core/studio/downloads.ts'
import { ENHANCE } from '#core/studio/studio.schema.ts'
import { favourite, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { recordContents, SEEN, SEEN_SENTENCE } from '#tests/room-check-contents.ts'
import { readZip } from '#tests/zip.ts'
import { listingPack } from './listing-pack.ts'
import { liveOriginalsPage, originalsUrl } from './originals-address.ts'
import { MANIFEST_COLUMNS, type ManifestJsonRow } from './pack-manifest.ts'
import { withoutProvenance } from './provenance.ts'

/** A completed project of two rooms, one favourite each: a staged kitchen and an enhanced bedroom. */
async function completedProject() {
	const agent = await insertUser({ role: 'agent' })
	const { actor, project, variations } = await renderedProject(agent, {
		rooms: [
			{ roomType: 'kitchen', style: 'modern' },
			{ roomType: 'bedroom', style: 'scandinavian' },
		],
	})
	const kept = [variations.find((v) => v.style === 'modern')!, variations.find((v) => v.style === 'scandinavian')!]
	await stagedByVendor(kept)
	await db
		.update(propertyStudioVariations)
		.set({ model: 'v2, "photoreal"' })
		.where(eq(propertyStudioVariations.id, kept[0].id))
	// As an enhanced photo is recorded: colour and exposure only, not altered.
	await db.update(propertyStudioVariations).set({ style: ENHANCE }).where(eq(propertyStudioVariations.id, kept[1].id))
	await recordContents(kept[0].id)
	await favourite(
		agent,
		kept.map((v) => v.id),
	)
	await completeProject(actor, project.id, { watermarkingEnabled: false })
	await drainJobs()
	return { agent, actor, project, kept }
}

async function openPack(actor: ReturnType<typeof actorFor>, projectId: string) {
	const pack = await listingPack(actor, projectId)
	const entries = readZip(await buffer(pack.stream))
	const files = new Map(entries.map((e) => [e.name, e.data!]))
	const json = JSON.parse(files.get('manifest.json')!.toString()) as {
		property: string
		originalsPage: string
		images: ManifestJsonRow[]
	}
	const csv = parse(files.get('manifest.csv')!, { columns: true }) as Array<Record<string, string>>
	return { fileName: pack.fileName, entries, files, json, csv }
}

async function originalOf(variationId: string) {
	const [row] = await db
		.select({ key: propertyStudioRooms.originalImageUrl })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.where(eq(propertyStudioVariations.id, variationId))
	return row.key
}

describe('listing packs', () => {
	test('each delivered image beside its stored original, and a manifest whose CSV and JSON agree with the files', async () => {
		const { actor, project, kept } = await completedProject()
		const pack = await openPack(actor, project.id)
		expect(pack.fileName).toBe('12-acacia-avenue-listing-pack.zip')
		const { token } = await liveOriginalsPage(project.id)
		expect(pack.json.property).toBe(project.propertyAddress)
		expect(pack.json.originalsPage).toBe(originalsUrl(token))

		const { images } = await downloadableImages(actor, project.id)
		expect(pack.json.images.map((r) => r.file)).toEqual(images.map((i) => i.fileName))
		for (const [i, image] of images.entries()) {
			const row = pack.json.images[i]
			expect(row.original).toBe(row.file.replace(/\.jpg$/, '-original.jpg'))
			expect(pack.files.get(row.file)).toEqual(await image.read())
			expect(pack.files.get(row.original)).toEqual(await readBytes(await originalOf(image.id)))
			expect(row.originals_address).toBe(`${originalsUrl(token)}#v-${image.id}`)
		}
		// Every file of the ZIP is a row's image or original, the README or the manifest: nothing unaccounted for.
		expect(pack.entries.map((e) => e.name).sort()).toEqual(
			[...pack.json.images.flatMap((r) => [r.file, r.original]), 'README.txt', 'manifest.csv', 'manifest.json'].sort(),
		)
		// The README comes first, and an agency that never chose a market lists in the UK.
		expect(pack.entries[0].name).toBe('README.txt')
		expect(pack.files.get('README.txt')!.toString()).toContain('(Rightmove, Zoopla, OnTheMarket)')

		const byFile = new Map(pack.json.images.map((r) => [r.file, r]))
		const staged = byFile.get(images.find((i) => i.id === kept[0].id)!.fileName)!
		expect(staged).toMatchObject({
			alteration: 'Furniture added, Modern style',
			altered: true,
			provider: 'virtual-staging-ai',
			model: 'v2, "photoreal"',
			// What the room check saw, in words and as data.
			contents: SEEN_SENTENCE,
			added: SEEN.added,
			removed: SEEN.removed,
		})
		expect(new Date(staged.date).toISOString()).toBe(staged.date)
		expect(byFile.get(images.find((i) => i.id === kept[1].id)!.fileName)).toMatchObject({
			alteration: 'Colour and exposure only',
			altered: false,
			// The local preview made it: the room check did not look.
			contents: null,
			added: null,
			removed: null,
		})

		// The CSV is the JSON's rows, quoted where a comma or quote needs it.
		expect(Object.keys(pack.csv[0])).toEqual([...MANIFEST_COLUMNS])
		expect(pack.csv.map((row) => row.contents).sort()).toEqual(['', SEEN_SENTENCE])
		expect(pack.csv).toEqual(
			pack.json.images.map((row) =>
				Object.fromEntries(MANIFEST_COLUMNS.map((c) => [c, row[c] === null ? '' : String(row[c])])),
			),
		)
	}, 120_000)

	test("another agent's project is refused", async () => {
		const { project } = await completedProject()
		const stranger = actorFor(await insertUser({ role: 'agent' }))
		await expect(listingPack(stranger, project.id)).rejects.toThrow(/Unauthorized access to project/)
	}, 120_000)

	test('an image or original storage has lost is left out, row and files, and the rest is whole', async () => {
		const { actor, project, kept } = await completedProject()
		const [asset] = await db
			.select()
			.from(propertyStudioDownloadAssets)
			.where(inArray(propertyStudioDownloadAssets.variationId, [kept[0].id]))
		await storage().delete(asset.storageKey)
		const pack = await openPack(actor, project.id)
		expect(pack.json.images).toHaveLength(1)
		expect(pack.csv).toHaveLength(1)
		const [row] = pack.json.images
		expect(row.originals_address).toContain(kept[1].id)
		expect(pack.entries.map((e) => e.name).sort()).toEqual(
			[row.file, row.original, 'README.txt', 'manifest.csv', 'manifest.json'].sort(),
		)

		await storage().delete(await originalOf(kept[1].id))
		const empty = await openPack(actor, project.id)
		expect(empty.json.images).toEqual([])
		expect(empty.entries.map((e) => e.name).sort()).toEqual(['README.txt', 'manifest.csv', 'manifest.json'])
		expect(empty.files.get('manifest.csv')!.toString()).toBe(`${MANIFEST_COLUMNS.join(',')}\r\n`)
	}, 120_000)

	test("an open project's pack holds its finished favourites, labelled, beside their originals", async () => {
		const agent = await insertUser({ role: 'agent' })
		const { actor, project, variations } = await renderedProject(agent)
		await stagedByVendor([variations[0]])
		await favourite(agent, [variations[0].id])
		const pack = await openPack(actor, project.id)
		const [image] = (await downloadableImages(actor, project.id)).images
		expect(pack.json.images).toMatchObject([{ file: image.fileName, altered: true }])
		// Signed afresh on each read: the same image, under Content Credentials of its own.
		expect(withoutProvenance(pack.files.get(image.fileName)!)).toEqual(withoutProvenance((await image.read())!))
		expect(pack.files.get(pack.json.images[0].original)).toEqual(await readBytes(await originalOf(image.id)))
	}, 120_000)

	test.each([
		[
			'UK',
			/Digital Markets, Competition and Consumers Act 2024[\s\S]*Rightmove, Zoopla and OnTheMarket/,
			/California|\bMLS/,
		],
		['US', /for MLS uploads[\s\S]*§10140\.8[\s\S]*CRMLS rule 11\.5\.2/, /Rightmove|Trading Standards|Ombudsman/],
	] as const)(
		"a %s agency's pack names its market's rules and never the other's",
		async (market, names, never) => {
			const agent = await insertUser({ role: 'agent' })
			await onboardAgent(actorFor(agent), { companyName: 'Bath Homes', agentName: 'Pat', email: agent.email, market })
			const { project, variations } = await renderedProject(agent)
			await stagedByVendor([variations[0]])
			await favourite(agent, [variations[0].id])
			const { token } = await liveOriginalsPage(project.id)
			const readme = (await openPack(actorFor(agent), project.id)).files.get('README.txt')!.toString()
			expect(readme).toContain(`Listing pack: ${project.propertyAddress}\r\n`)
			expect(readme).toContain(originalsUrl(token))
			expect(readme).toMatch(names)
			expect(readme).not.toMatch(never)
			// The downloads page says what the pack is for, and why the originals page is there, in the same market.
			expect((await downloadsOverview(actorFor(agent), project.id)).market).toBe(market)
		},
		120_000,
	)
})

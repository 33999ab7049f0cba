import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { propertyStudioRooms } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'
import { withoutProvenance } from '#core/disclosure/provenance.ts'
import { readBytes } from '#core/platform/storage.ts'
import { completeProject } from '#core/studio/complete-project.ts'
import { downloadableImages } from '#core/studio/download-files.ts'
import { variationImageKeys } from '#core/studio/render-variations.ts'
import { favourite, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { rendo, rendoJson } from '#tests/cli.ts'
import { insertUser } from '#tests/factories.ts'
import { changedBox } from '#tests/image-diff.ts'
import { drainJobs } from '#tests/jobs.ts'
import { readZip } from '#tests/zip.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-download-test-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** Downloads the project into a fresh folder and reads back the one file saved. */
async function downloadOne(projectId: string, name: string, ...flags: string[]) {
	const out = path.join(work, name)
	const result = await rendoJson<{ files: Array<{ fileName: string; status: string }> }>([
		'download',
		projectId,
		'--out',
		out,
		...flags,
	])
	expect(result.files.map((f) => f.status)).toEqual(['downloaded'])
	return fs.readFileSync(path.join(out, result.files[0].fileName))
}

/**
 * Whether the "Virtually staged" label is in the bottom-left corner of the saved file: with the QR
 * code and the originals address it reaches across, but not into the logo's corner.
 */
async function labelled(saved: Buffer, rendered: Buffer) {
	const box = await changedBox(rendered, saved)
	return !!box && box.left < 640 * 0.05 && box.bottom > 480 * 0.9 && box.right < 640 * 0.8 - 14
}

describe('rendo download and the "Virtually staged" label', () => {
	test('favourites and final images come labelled as the agency chose; --no-disclosure leaves the label out, for staff only', async () => {
		const agent = await insertUser({ role: 'agent' })
		const { actor, project, variations } = await renderedProject(agent)
		await stagedByVendor(variations)
		await favourite(agent, [variations[0].id])
		const rendered = (await readBytes(variationImageKeys(variations[0].id).full))!

		expect(await labelled(await downloadOne(project.id, 'favourites', '--json'), rendered)).toBe(true)
		// Without the label: the render's own bytes, its provenance (XMP) written in.
		expect(withoutProvenance(await downloadOne(project.id, 'favourites-plain', '--no-disclosure', '--json'))).toEqual(
			rendered,
		)

		const refused = await rendo([
			'download',
			project.id,
			'--out',
			path.join(work, 'refused'),
			'--no-disclosure',
			'--as',
			agent.email,
		])
		expect(refused.code).toBe(1)
		expect(refused.stderr.trim()).toBe('rendo: not allowed for this account (see --as)')
		expect(fs.existsSync(path.join(work, 'refused'))).toBe(false)

		await completeProject(actor, project.id, { watermarkingEnabled: false })
		await drainJobs()
		expect(await labelled(await downloadOne(project.id, 'final', '--json'), rendered)).toBe(true)
		expect(withoutProvenance(await downloadOne(project.id, 'final-plain', '--no-disclosure', '--json'))).toEqual(
			rendered,
		)
	}, 120_000)
})

describe('rendo download --pack', () => {
	test('saves the listing pack into the folder: the final image beside its original, and the manifest', async () => {
		const agent = await insertUser({ role: 'agent' })
		const { actor, project, variations } = await renderedProject(agent)
		await stagedByVendor(variations)
		await favourite(agent, [variations[0].id])
		await completeProject(actor, project.id, { watermarkingEnabled: false })
		await drainJobs()
		const out = path.join(work, 'pack')
		const saved = await rendoJson(['download', project.id, '--out', out, '--pack'])
		expect(saved.pack.path).toBe(path.join(out, '12-acacia-avenue-listing-pack.zip'))
		const zip = fs.readFileSync(saved.pack.path)
		expect(zip.length).toBe(saved.pack.size)
		const files = new Map(readZip(zip).map((e) => [e.name, e.data!]))
		const manifest = JSON.parse(files.get('manifest.json')!.toString())
		expect(manifest.images).toMatchObject([{ alteration: 'Furniture added, Scandinavian style', altered: true }])
		const [row] = manifest.images
		const [room] = await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, project.id))
		expect(files.get(row.original)).toEqual(await readBytes(room.originalImageUrl))
		// The final image as completion made it, labelled: the same bytes a plain `rendo download` saves.
		const [image] = (await downloadableImages(actor, project.id)).images
		expect(files.get(row.file)).toEqual(await image.read())
		expect(files.get(row.file)).not.toEqual(await readBytes(variationImageKeys(variations[0].id).full))
		expect([...files.keys()].sort()).toEqual(
			[row.file, row.original, 'README.txt', 'manifest.csv', 'manifest.json'].sort(),
		)
		expect(fs.readdirSync(out)).toEqual(['12-acacia-avenue-listing-pack.zip'])

		const unlabelled = await rendo(['download', project.id, '--out', out, '--pack', '--no-disclosure'])
		expect(unlabelled.code).not.toBe(0)
		expect(unlabelled.stderr).toContain("option '--pack' cannot be used with option '--no-disclosure'")
	}, 120_000)
})

import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { propertySessionCompletions, propertyStudioUsageEvents } from '#db/schema/studio.ts'
import { action as emailAction } from '#app/routes/api+/property-studio.email-final-images.ts'
import { loader as bulkLoader } from '#app/routes/api+/property-studio.download.bulk.ts'
import { loader as assetLoader } from '#app/routes/api+/property-studio.download.$assetId.ts'
import { loader as downloadsLoader } from '#app/routes/api+/property-studio.projects.$id.downloads.ts'
import { loader as sharedLoader } from '#app/routes/_files+/shared-images.$token.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { favourite, renderedProject } from '#tests/checkout.ts'
import { insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { getRequest, jsonRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { readZip } from '#tests/zip.ts'
import { completeProject } from './complete-project.ts'
import type { DownloadAsset } from './downloads.ts'

const call = (fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}) =>
	fn({ request, params, context: {} } as never) as Promise<Response>

/** A completed project of three kept images over two rooms, its clean-up done. */
async function completedProject(address = '12 Acacia Avenue, Bristol BS1 4DJ') {
	const user = await insertUser()
	const { actor, project, variations } = await renderedProject(user, {
		address,
		rooms: [
			{ roomType: 'kitchen', style: 'scandinavian' },
			{ roomType: 'bedroom', style: 'luxury', roomName: 'Master Bedroom' },
		],
	})
	await favourite(user, [variations[0].id, variations[1].id, variations[3].id])
	await completeProject(actor, project.id, { watermarkingEnabled: false })
	const cookie = await cookieFor(user)
	const preparing = await call(downloadsLoader, getRequest('/x', { cookie }), { id: project.id })
	await drainJobs()
	const response = await call(downloadsLoader, getRequest('/x', { cookie }), { id: project.id })
	expect(response.status).toBe(200)
	return { user, cookie, project, preparing, assets: (await response.json()) as DownloadAsset[] }
}

function bulk(cookie: string, projectId: string, ids: unknown) {
	const query = new URLSearchParams({ projectId, token: typeof ids === 'string' ? ids : JSON.stringify(ids) })
	return call(bulkLoader, getRequest(`/api/property-studio/download/bulk?${query}`, { cookie }))
}

describe('downloads', () => {
	test('lists the final images with their real sizes and meaningful names; each downloads under its name', async () => {
		const { cookie, preparing, assets } = await completedProject()
		expect(preparing.status).toBe(503)
		expect(preparing.headers.get('retry-after')).toBe('2')

		expect(assets.map((a) => [a.filename, a.roomName, a.roomType, a.style])).toEqual([
			['12-acacia-avenue_kitchen_scandinavian_1.jpg', 'kitchen', 'kitchen', 'scandinavian'],
			['12-acacia-avenue_kitchen_scandinavian_2.jpg', 'kitchen', 'kitchen', 'scandinavian'],
			['12-acacia-avenue_master-bedroom_luxury_1.jpg', 'Master Bedroom', 'bedroom', 'luxury'],
		])
		// The local renderer made them: the downloads page labels each one a preview.
		expect(assets.every((a) => a.isPreview)).toBe(true)
		for (const asset of assets) {
			const response = await call(assetLoader, getRequest(asset.downloadUrl, { cookie }), { assetId: asset.id })
			expect(response.status).toBe(200)
			expect(response.headers.get('content-type')).toBe('image/jpeg')
			expect(response.headers.get('content-disposition')).toContain(`attachment; filename="${asset.filename}"`)
			const bytes = Buffer.from(await response.arrayBuffer())
			expect(bytes.length).toBe(asset.fileSize)
			expect(response.headers.get('content-length')).toBe(String(asset.fileSize))
			expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
		}
	}, 60_000)

	test('the bulk ZIP holds exactly the chosen images, stored as they are', async () => {
		const { cookie, project, assets } = await completedProject()
		const chosen = [assets[2], assets[0]]
		const response = await bulk(
			cookie,
			project.id,
			chosen.map((a) => a.id),
		)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('application/zip')
		expect(response.headers.get('content-disposition')).toContain('filename="12-acacia-avenue-rendos.zip"')
		const entries = readZip(Buffer.from(await response.arrayBuffer()))
		// In the project's order, whatever the order of the token.
		expect(entries.map((e) => e.name)).toEqual([assets[0].filename, assets[2].filename])
		for (const entry of entries) {
			expect(entry.method).toBe(0)
			const asset = assets.find((a) => a.filename === entry.name)!
			const original = Buffer.from(
				await (await call(assetLoader, getRequest('/x', { cookie }), { assetId: asset.id })).arrayBuffer(),
			)
			expect(entry.data).toEqual(original)
		}

		// A download that went out in full is counted, and confirms the completion: recorded once the server has
		// sent the last byte, a moment after the client read it (waited for as long as the test may run, not 1 s).
		await expect
			.poll(
				async () => {
					const events = await db
						.select()
						.from(propertyStudioUsageEvents)
						.where(eq(propertyStudioUsageEvents.projectId, project.id))
					return events.filter((e) => e.eventType === 'final_download').map((e) => e.eventData)
				},
				{ timeout: 50_000 },
			)
			.toContainEqual({ kind: 'zip', assetCount: 2 })
		const [completion] = await db
			.select()
			.from(propertySessionCompletions)
			.where(eq(propertySessionCompletions.projectId, project.id))
		expect(completion.downloadConfirmedAt).toBeInstanceOf(Date)
	}, 60_000)

	test("a token naming another project's image, or someone else's project, is refused", async () => {
		const mine = await completedProject('1 Mine Road')
		const theirs = await completedProject('2 Theirs Road')

		const foreign = await bulk(mine.cookie, mine.project.id, [mine.assets[0].id, theirs.assets[0].id])
		expect(foreign.status).toBe(403)
		expect(await foreign.json()).toEqual({ message: 'These images are not part of this project' })
		const notMine = await bulk(mine.cookie, theirs.project.id, [theirs.assets[0].id])
		expect(notMine.status).toBe(403)
		expect(await notMine.json()).toEqual({ message: 'Unauthorized access to project' })
		expect(
			(await call(assetLoader, getRequest('/x', { cookie: mine.cookie }), { assetId: theirs.assets[0].id })).status,
		).toBe(403)
		expect(
			(await call(downloadsLoader, getRequest('/x', { cookie: mine.cookie }), { id: theirs.project.id })).status,
		).toBe(403)

		expect((await bulk(mine.cookie, mine.project.id, 'not json')).status).toBe(400)
		expect((await bulk(mine.cookie, mine.project.id, [])).status).toBe(400)
		expect((await bulk(mine.cookie, mine.project.id, ['x'])).status).toBe(400)
		expect((await bulk('', mine.project.id, [mine.assets[0].id])).status).toBe(401)
	}, 90_000)

	test('an open project has nothing to download yet', async () => {
		const user = await insertUser()
		const { project } = await renderedProject(user)
		const response = await call(downloadsLoader, getRequest('/x', { cookie: await cookieFor(user) }), {
			id: project.id,
		})
		expect(await response.json()).toEqual([])
	}, 60_000)

	test("the chosen images' links are e-mailed; a link opens its image without an account, until tampered with", async () => {
		const { cookie, project, assets } = await completedProject()
		const other = await completedProject('9 Other Lane')
		const send = (body: unknown) =>
			call(emailAction, jsonRequest('/api/property-studio/email-final-images', body, { cookie }))

		expect(
			(await send({ projectId: project.id, variationIds: [assets[0].id], recipientEmail: 'not an email' })).status,
		).toBe(400)
		expect(
			(await send({ projectId: project.id, variationIds: [other.assets[0].id], recipientEmail: 'buyer@example.com' }))
				.status,
		).toBe(403)
		const sent = await send({
			projectId: project.id,
			variationIds: [assets[0].id, assets[2].id],
			recipientEmail: 'Buyer@Example.com',
		})
		expect(sent.status).toBe(202)
		expect(await sent.json()).toMatchObject({ success: true, sent: 2, recipientEmail: 'buyer@example.com' })
		await drainJobs()

		const outbox = path.join(config().dataDir, 'outbox')
		const mails = fs
			.readdirSync(outbox)
			.filter((f) => f.endsWith('.eml'))
			.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
		const mail = mails.find((m) => m.includes('To: buyer@example.com'))!
		expect(mail).toBeDefined()
		const body = mail
			.replace(/=\r\n/g, '')
			.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
		expect(body).toContain('Subject: Your staged images of 12 Acacia Avenue, Bristol BS1 4DJ')
		const links = [...new Set(body.match(/http:\/\/[^\s"<]+\/shared-images\/[^\s"<]+/g))]
		expect(links).toHaveLength(2)

		const token = links[0].split('/shared-images/')[1]
		const opened = await call(sharedLoader, getRequest(`/shared-images/${token}`), { token })
		expect(opened.status).toBe(200)
		expect(opened.headers.get('content-disposition')).toContain(
			'inline; filename="12-acacia-avenue_kitchen_scandinavian_1.jpg"',
		)
		const bytes = Buffer.from(await opened.arrayBuffer())
		expect(bytes.length).toBe(assets[0].fileSize)

		const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
		expect((await call(sharedLoader, getRequest('/x'), { token: forged })).status).toBe(404)
		const otherAsset = token.replace(assets[0].id, other.assets[0].id)
		expect((await call(sharedLoader, getRequest('/x'), { token: otherAsset })).status).toBe(404)
	}, 90_000)
})

import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { users } from '#db/schema/accounts.ts'
import { propertyStudioDownloadAssets as assets } from '#db/schema/downloads.ts'
import { propertyStudioRooms as rooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { action as downloadsAction } from '#app/routes/_studio+/property-studio.$id_.downloads.tsx'
import type { Actor } from '#core/accounts/actor.ts'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import {
	issueNewOriginalsAddress,
	liveOriginalsPage,
	resolveOriginalsToken,
	setOriginalsPageEnabled,
} from '#core/disclosure/originals-address.ts'
import { db } from '#core/platform/db.ts'
import { readBytes } from '#core/platform/storage.ts'
import { completeProject } from '#core/studio/complete-project.ts'
import { type AppRoute, requestPage } from '#tests/app-build.ts'
import { favourite, giveLogo, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { RENDO_MARKETING } from '#tests/buyer-pages.ts'
import { readQr } from '#tests/disclosure.ts'
import { insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { propertyWithDeliveredImages } from '#tests/originals.ts'
import { recordContents, SEEN } from '#tests/room-check-contents.ts'
import { formRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'

const routes: AppRoute[] = [
	{ id: 'routes/o.$token', path: 'o/:token', module: await import('./o.$token.tsx') },
	{ id: 'routes/o.$token_.logo', path: 'o/:token/logo', module: await import('./o.$token_.logo.ts') },
	{
		id: 'routes/o.$token_.$variationId.$file',
		path: 'o/:token/:variationId/:file',
		module: await import('./o.$token_.$variationId.$file.ts'),
	},
	{
		id: 'routes/o.$token_.$variationId.$file_.$copy',
		path: 'o/:token/:variationId/:file/:copy',
		module: await import('./o.$token_.$variationId.$file_.$copy.ts'),
	},
	{
		id: 'routes/property-studio.$id_.downloads',
		path: 'property-studio/:id/downloads',
		module: await import('#app/routes/_studio+/property-studio.$id_.downloads.tsx'),
	},
]

async function get(path: string, cookie?: string) {
	const response = await requestPage(routes, path, { cookie })
	return { response, status: response.status, body: Buffer.from(await response.arrayBuffer()) }
}

const NOINDEX_META = /<meta name="robots" content="noindex, nofollow"\/?>/

function expectNotIndexed(response: Response, html: string) {
	expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
	expect(html).toMatch(NOINDEX_META)
}

/** Posts one of the downloads page's originals forms, as the browser does without JavaScript. */
function post(projectId: string, intent: string, cookie: string) {
	return settle(() =>
		downloadsAction({
			request: formRequest(`/property-studio/${projectId}/downloads?intent=${intent}`, {}, { cookie }),
			params: { id: projectId },
			context: {},
		} as never),
	)
}

describe('GET /o/:token', () => {
	test('a live page: the address, the statement, each image at its anchor beside its original; not indexed', async () => {
		const { page, project, shown } = await propertyWithDeliveredImages()
		const { response, status, body } = await get(`/o/${page.token}`)
		const html = body.toString()
		expect(status).toBe(200)
		expectNotIndexed(response, html)
		expect(response.headers.get('cache-control')).toMatch(/no-cache|no-store/)
		expect(html).toMatch(new RegExp(`<h1[^>]*>${project.propertyAddress}</h1>`))
		expect(html).toContain(
			'Photos of this property were digitally altered. Each altered image is shown beside the original photo it was made from.',
		)
		for (const { id } of shown) {
			const article = html.match(new RegExp(`<article id="v-${id}"[\\s\\S]*?</article>`))?.[0] ?? ''
			expect(article).toContain(`src="/o/${page.token}/${id}/altered"`)
			expect(article).toContain(`src="/o/${page.token}/${id}/original"`)
			expect(article).toContain(`href="/o/${page.token}/${id}/original"`)
		}
		expect(html).toContain('Sky changed to dusk')
		// the enhanced photo sits in its own group, marked as not altered
		const enhancedGroup = html.slice(html.indexOf('Enhanced, not altered'), html.indexOf('<script'))
		expect(enhancedGroup).toContain(`id="v-${shown.at(-1)!.id}"`)
		expect(enhancedGroup).toContain('Colour and exposure only')
		expect(enhancedGroup).not.toContain('Furniture')
	})

	test('beside a staged image, what the room check saw added; the room called unchanged only when it passed', async () => {
		const { page, shown } = await propertyWithDeliveredImages()
		const [, passed, flagged, unchecked] = shown
		await recordContents(passed.id, { added: SEEN.added, removed: [] })
		await recordContents(flagged.id, { added: SEEN.added, removed: [] }, 'check')
		const html = (await get(`/o/${page.token}`)).body.toString()
		const article = (id: string) => html.match(new RegExp(`<article id="v-${id}"[\\s\\S]*?</article>`))?.[0] ?? ''
		expect(article(passed.id)).toContain(
			'<p class="text-sm text-gray-700">Virtually staged: added a sofa, a rug, two lamps; walls, floor, windows and doors checked unchanged</p>',
		)
		expect(article(flagged.id)).toContain(
			'<p class="text-sm text-gray-700">Virtually staged: added a sofa, a rug, two lamps</p>',
		)
		expect(article(flagged.id)).not.toContain('checked unchanged')
		// Not looked at: today's words only.
		expect(article(unchecked.id)).toContain('Furniture added, Luxury style')
		expect(article(unchecked.id)).not.toContain('Virtually staged')
	})

	test('unknown and switched off: 404 with a plain page; a replaced address: 410; none indexed', async () => {
		const user = await insertUser()
		const { project } = await renderedProject(user)
		const cookie = await cookieFor(user)
		const first = await liveOriginalsPage(project.id)

		const unknown = await get(`/o/${'Z'.repeat(22)}`)
		expect(unknown.status).toBe(404)
		expectNotIndexed(unknown.response, unknown.body.toString())
		expect(unknown.body.toString()).toContain('Original photos not found')

		expect(await post(project.id, 'originals-off', cookie)).toMatchObject({ status: 302 })
		const off = await get(`/o/${first.token}`)
		expect(off.status).toBe(404)
		expect(off.body.toString()).toContain('may have switched the page off')
		expect(await post(project.id, 'originals-on', cookie)).toMatchObject({ status: 302 })
		expect((await get(`/o/${first.token}`)).status).toBe(200)

		const issued = await post(project.id, 'originals-new-address', cookie)
		expect(issued.status).toBe(302)
		expect(issued.headers.get('location')).toBe(`/property-studio/${project.id}/downloads`)
		const gone = await get(`/o/${first.token}`)
		expect(gone.status).toBe(410)
		expectNotIndexed(gone.response, gone.body.toString())
		expect(gone.body.toString()).toContain('This address has been replaced')
		const next = await liveOriginalsPage(project.id)
		expect(next.token).not.toBe(first.token)
		expect((await get(`/o/${next.token}`)).status).toBe(200)
	})
})

const agentOf = async (actor: Actor) =>
	(
		await db
			.select()
			.from(users)
			.where(eq(users.id, actor.kind === 'user' ? actor.userId : ''))
	)[0]

describe("GET /o/:token in the agent's brand", () => {
	test("the agency's logo, colours and contact, a small 'Made with Rendo', and none of Rendo's header or footer", async () => {
		const { actor, page } = await propertyWithDeliveredImages()
		const email = `sam.${page.token.slice(0, 6).toLowerCase()}@harbourhomes.example`
		await onboardAgent(actor, {
			companyName: 'Harbour Homes',
			agentName: 'Sam Agent',
			email,
			phone: '0117 496 0000',
			website: 'harbourhomes.example',
			primaryColor: '#0f2a44',
			secondaryColor: '#f5e6c8',
			accentColor: '#3b82f6',
		})
		const logo = await giveLogo(await agentOf(actor), { width: 300, height: 100, colour: '#0f2a44' })
		const html = (await get(`/o/${page.token}`)).body.toString()

		const logoSrc = `/o/${page.token}/logo?v=${Date.parse(logo.logoUploadedAt!)}`
		expect(html).toContain(`<img src="${logoSrc}" alt="Harbour Homes"`)
		expect(html).toContain('href="tel:01174960000"')
		expect(html).toContain(`href="mailto:${email}"`)
		expect(html).toContain('href="https://harbourhomes.example"')
		expect(html).toContain('Sam Agent')
		// The footer in the primary colour with the agency's secondary colour as its text; headings and
		// links in its colours, the accent deepened until it reads on white (#3b82f6 is 3.7:1).
		expect(html).toContain('background-color:#0f2a44;color:#f5e6c8')
		expect(html).toContain('--color-brand:#0f2a44')
		expect(html).toMatch(/--color-accent:#(?!3b82f6)[0-9a-f]{6}/)
		expect(html).toMatch(/<title>Original photos: [^<]+ \| Harbour Homes<\/title>/)
		expect(html).toContain('Made with Rendo')
		for (const marketing of RENDO_MARKETING) expect(html).not.toContain(marketing)

		const served = await get(logoSrc.replace(/\?.*/, ''))
		expect(served.status).toBe(200)
		expect(served.response.headers.get('content-type')).toBe('image/png')
		expect(served.response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
	})

	test("an agent without a brand profile: a plain header with the agent's name; the 404 has no Rendo header either", async () => {
		const { actor, page } = await propertyWithDeliveredImages()
		const agent = await agentOf(actor)
		await db.update(users).set({ firstName: 'Robin', lastName: 'Fairweather' }).where(eq(users.id, agent.id))
		const html = (await get(`/o/${page.token}`)).body.toString()
		const header = html.match(/<header[\s\S]*?<\/header>/)?.[0] ?? ''
		expect(header).toContain('Robin Fairweather')
		expect(header).toContain(`href="mailto:${agent.email}"`)
		expect(header).not.toContain('Rendo')
		expect(header).not.toContain('<img')
		for (const marketing of RENDO_MARKETING) expect(html).not.toContain(marketing)
		expect((await get(`/o/${page.token}/logo`)).status).toBe(404)

		const unknown = (await get(`/o/${'Y'.repeat(22)}`)).body.toString()
		expect(unknown).toContain('Original photos not found')
		for (const marketing of RENDO_MARKETING) expect(unknown).not.toContain(marketing)
	})

	test('each picture whole, at its own size: a portrait stays a portrait, nothing cropped', async () => {
		const { page, shown, rooms: photos } = await propertyWithDeliveredImages()
		const [portrait] = shown
		// A delivered image is its photo's size: both are portraits.
		await db
			.update(propertyStudioVariations)
			.set({ imageWidth: 768, imageHeight: 1024 })
			.where(eq(propertyStudioVariations.id, portrait.id))
		await db.update(rooms).set({ imageWidth: 768, imageHeight: 1024 }).where(eq(rooms.id, photos.living.id))
		const html = (await get(`/o/${page.token}`)).body.toString()
		const article = html.match(new RegExp(`<article id="v-${portrait.id}"[\\s\\S]*?</article>`))?.[0] ?? ''
		const images = article.match(/<img [^>]*>/g) ?? []
		expect(images).toHaveLength(2)
		for (const img of images) {
			expect(img).toContain('width="768" height="1024"')
			expect(img).toContain('object-contain')
		}
		expect(html).not.toContain('object-cover')
	})
})

describe('GET /o/:token/:variationId/original|altered', () => {
	test("serves the pair's files of images the page lists; anything else 404, a replaced address 410", async () => {
		const { actor, page, project, shown, notShown, rooms } = await propertyWithDeliveredImages()
		const other = await propertyWithDeliveredImages()
		const [image] = shown

		const altered = await get(`/o/${page.token}/${image.id}/altered`)
		expect(altered.status).toBe(200)
		expect(altered.response.headers.get('content-type')).toBe('image/jpeg')
		expect(altered.response.headers.get('cache-control')).toBe('private, max-age=300')
		expect(altered.response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
		expect(altered.body.equals(image.bytes!)).toBe(true)
		const original = await get(`/o/${page.token}/${image.id}/original`)
		expect(original.status).toBe(200)
		expect(original.body.equals((await readBytes(rooms.living.originalImageUrl))!)).toBe(true)

		expect((await get(`/o/${page.token}/${other.shown[0].id}/original`)).status).toBe(404)
		expect((await get(`/o/${other.page.token}/${image.id}/altered`)).status).toBe(404)
		expect((await get(`/o/${page.token}/${notShown[0].id}/original`)).status).toBe(404)
		expect((await get(`/o/${page.token}/${image.id}/thumbnail`)).status).toBe(404)

		await setOriginalsPageEnabled(actor, project.id, false)
		expect((await get(`/o/${page.token}/${image.id}/original`)).status).toBe(404)
		await issueNewOriginalsAddress(actor, project.id)
		expect((await get(`/o/${page.token}/${image.id}/original`)).status).toBe(410)
	})

	/** A completed project whose first image was kept and second dropped, its clean-up done, with its originals page's token. */
	async function completedKeepingOne() {
		const user = await insertUser()
		const { actor, project, variations } = await renderedProject(user)
		const [kept, dropped] = variations
		await favourite(user, [kept.id])
		await completeProject(actor, project.id, { watermarkingEnabled: false })
		await drainJobs()
		const { token } = await liveOriginalsPage(project.id)
		return { actor, project, kept, dropped, token }
	}

	test('after completion and its clean-up, the kept images and their originals are still served', async () => {
		const { kept, dropped, token } = await completedKeepingOne()

		const html = (await get(`/o/${token}`)).body.toString()
		expect(html).toContain(`id="v-${kept.id}"`)
		expect(html).not.toContain(`id="v-${dropped.id}"`)
		for (const file of ['original', 'altered']) {
			const served = await get(`/o/${token}/${kept.id}/${file}`)
			expect(served.status).toBe(200)
			expect(served.body.length).toBeGreaterThan(1000)
		}
		expect((await get(`/o/${token}/${dropped.id}/original`)).status).toBe(404)
	})

	test("each file's smaller copies, offered in the page's srcset, open under the page's address: only copies the file has, of images it lists", async () => {
		const { actor, project, kept, dropped, token } = await completedKeepingOne()
		const other = await propertyWithDeliveredImages()

		// 640 × 480 photo and render: the 200 px copy and the 400 px thumbnail, none larger.
		const html = (await get(`/o/${token}`)).body.toString()
		const article = html.match(new RegExp(`<article id="v-${kept.id}"[\\s\\S]*?</article>`))?.[0] ?? ''
		for (const file of ['altered', 'original']) {
			const path = `/o/${token}/${kept.id}/${file}`
			expect(article).toContain(`srcSet="${path}/200 200w, ${path}/400 400w, ${path} 640w"`)
			for (const copy of [200, 400]) {
				const served = await get(`${path}/${copy}`)
				expect(served.status).toBe(200)
				expect(served.response.headers.get('content-type')).toBe('image/jpeg')
				expect(served.response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
				expect(await sharp(served.body).metadata()).toMatchObject({ width: copy, height: (copy * 3) / 4 })
			}
			// no copy as large as the image; not a copy's size; not a copy at all
			for (const copy of ['800', '1600', '300', 'thumbnail', 'full'])
				expect((await get(`${path}/${copy}`)).status).toBe(404)
		}
		// A variation the page does not show (dropped at completion), another property's, a retired address.
		expect((await get(`/o/${token}/${dropped.id}/altered/200`)).status).toBe(404)
		expect((await get(`/o/${token}/${other.shown[0].id}/original/200`)).status).toBe(404)
		await issueNewOriginalsAddress(actor, project.id)
		expect((await get(`/o/${token}/${kept.id}/altered/200`)).status).toBe(410)
	}, 60_000)
})

describe('the QR code on a delivered image', () => {
	test('leads to a 200 page showing that image beside its original', async () => {
		const user = await insertUser()
		const { actor, project, variations } = await renderedProject(user)
		const [staged] = variations
		await stagedByVendor([staged])
		await favourite(user, [staged.id])
		await completeProject(actor, project.id, { watermarkingEnabled: false })
		await drainJobs()
		const [asset] = await db.select().from(assets).where(eq(assets.projectId, project.id))
		const [{ originalKey }] = await db
			.select({ originalKey: rooms.originalImageUrl })
			.from(rooms)
			.innerJoin(propertyStudioVariations, eq(propertyStudioVariations.roomId, rooms.id))
			.where(eq(propertyStudioVariations.id, staged.id))

		// As a buyer's phone reads it off the photo as delivered (a 640 px render).
		const url = new URL((await readQr((await readBytes(asset.storageKey))!))!)
		const { status, body } = await get(url.pathname)
		expect(status).toBe(200)
		const article = body.toString().match(new RegExp(`<article id="${url.hash.slice(1)}"[\\s\\S]*?</article>`))?.[0]
		expect(article).toContain(`${url.pathname}/${staged.id}/original`)
		const original = await get(`${url.pathname}/${staged.id}/original`)
		expect(original.status).toBe(200)
		expect(original.body).toEqual(await readBytes(originalKey))
	}, 60_000)

	test("a new address is on the completed project's downloads from then on; the old one answers 410", async () => {
		const user = await insertUser()
		const { actor, project, variations } = await renderedProject(user)
		await stagedByVendor([variations[0]])
		await favourite(user, [variations[0].id])
		await completeProject(actor, project.id, { watermarkingEnabled: false })
		await drainJobs()
		const finalQr = async () => {
			const [asset] = await db.select().from(assets).where(eq(assets.projectId, project.id))
			return new URL((await readQr((await readBytes(asset.storageKey))!))!)
		}
		const before = await finalQr()

		const { token } = await issueNewOriginalsAddress(actor, project.id)
		await drainJobs()
		const after = await finalQr()
		expect(after.pathname).toBe(`/o/${token}`)
		expect(after.hash).toBe(before.hash)
		expect((await get(before.pathname)).status).toBe(410)
		expect((await get(after.pathname)).status).toBe(200)
	}, 60_000)
})

describe("the downloads page's originals controls", () => {
	test('show the address and its state; only the owner can switch it or issue a new one', async () => {
		const user = await insertUser()
		const { project } = await renderedProject(user)
		const cookie = await cookieFor(user)
		const html = (await get(`/property-studio/${project.id}/downloads`, cookie)).body.toString()
		const { token } = await liveOriginalsPage(project.id)
		expect(html).toContain('Disclosure and originals')
		expect(html).toMatch(new RegExp(`href="https?://[^"/]+/o/${token}"`))
		expect(html).toContain('On: anyone with the address can see it')

		const stranger = await cookieFor(await insertUser())
		for (const intent of ['originals-off', 'originals-new-address'])
			await expect(post(project.id, intent, stranger)).rejects.toMatchObject({ init: { status: 404 } })
		expect(await resolveOriginalsToken(token)).toMatchObject({ state: 'live' })
		await expect(post(project.id, 'originals-nonsense', cookie)).rejects.toMatchObject({ init: { status: 400 } })
	})
})

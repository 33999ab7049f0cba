/**
 * What the gallery's first view moves over the network, against the real server (production
 * build, embedded PostgreSQL, inline worker, local preview renderer) in Debian's Chromium: a
 * property of 24 rooms, each staged in two styles (three variations each), from 12 MP photos
 * (tests/fixtures/room-photo.ts at 4000 × 3000, every fourth a portrait 3000 × 4000). The page is
 * opened fresh on a desktop (1366 × 900, DPR 1) and a phone (390 × 844, DPR 3) and left until the
 * network is quiet without scrolling; every response's body counts (document, scripts, styles,
 * images), images also on their own. Targets: under 3 MB on the desktop, under 1.5 MB on the phone.
 */
import { chromium, type Browser } from '@playwright/test'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { signUp } from '#tests/studio-client.ts'
import { chromiumArgs, chromiumPath } from '#tests/e2e/chromium.ts'
import { freePortPair, startAppServer } from './app-server.ts'

const ROOMS = 24
const STYLES = ['modern', 'scandinavian']
const QUIET_MS = 2_000
const MB = 1024 * 1024
const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`

const SCREENS = [
	{ name: 'desktop 1366×900 DPR 1', viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1, target: 3 * MB },
	{ name: 'phone 390×844 DPR 3', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, target: 1.5 * MB },
]

async function stagedProperty(url: string) {
	const agent = await signUp(url)
	const project = await agent.createProject('24 Gallery Lane, York YO1 7HH')
	const photos = new Map<string, Buffer>()
	for (let i = 0; i < ROOMS; i++) {
		const size = i % 4 === 3 ? { width: 3000, height: 4000 } : { width: 4000, height: 3000 }
		const key = `${size.width}x${size.height}:${i % 6}`
		if (!photos.has(key)) photos.set(key, await makeRoomPhoto({ ...size, seed: (i % 6) + 1 }))
		const { roomId } = await agent.upload(project.id, photos.get(key)!, 'living')
		await agent.process(roomId, STYLES)
	}
	const expected = ROOMS * STYLES.length * 3
	for (;;) {
		const variations = await agent.variations(project.id)
		const done = variations.filter((v) => v.status !== 'pending').length
		if (variations.length === expected && done === expected) break
		await new Promise((r) => setTimeout(r, 1_000))
	}
	return { cookie: agent.cookie, projectId: project.id }
}

async function firstView(
	browser: Browser,
	url: string,
	cookie: string,
	projectId: string,
	screen: (typeof SCREENS)[0],
) {
	const context = await browser.newContext({
		viewport: screen.viewport,
		deviceScaleFactor: screen.deviceScaleFactor,
		isMobile: screen.deviceScaleFactor > 1,
		hasTouch: screen.deviceScaleFactor > 1,
	})
	const [name, value] = cookie.split(';')[0].split('=')
	await context.addCookies([{ name, value, url }])
	const page = await context.newPage()
	let total = 0
	let images = 0
	let imageCount = 0
	let lastActivity = Date.now()
	const pending = new Set<Promise<void>>()
	page.on('request', () => {
		lastActivity = Date.now()
	})
	page.on('requestfinished', (request) => {
		const counted = request.sizes().then(({ responseBodySize }) => {
			total += responseBodySize
			if (request.resourceType() === 'image') {
				images += responseBodySize
				imageCount++
			}
			lastActivity = Date.now()
		})
		pending.add(counted)
		void counted.finally(() => pending.delete(counted))
	})
	await page.goto(`${url}/property-studio/${projectId}?step=results`, { waitUntil: 'load' })
	while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(250)
	await Promise.all(pending)
	await context.close()
	return { total, images, imageCount }
}

const { port } = await freePortPair()
const server = await startAppServer({ port })
const browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: chromiumArgs })
try {
	console.log(`staging ${ROOMS} rooms × ${STYLES.length} styles × 3 variations from 12 MP photos...`)
	const { cookie, projectId } = await stagedProperty(server.url)
	let over = 0
	for (const screen of SCREENS) {
		const { total, images, imageCount } = await firstView(browser, server.url, cookie, projectId, screen)
		const ok = total < screen.target
		if (!ok) over++
		console.log(
			`gallery first view, ${screen.name}: ${mb(total)} (images ${mb(images)} in ${imageCount})  (target < ${mb(screen.target)}${ok ? '' : ', MISSED'})`,
		)
	}
	process.exitCode = over ? 1 : 0
} finally {
	await browser.close()
	await server.stop()
}

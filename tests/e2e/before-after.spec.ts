import { randomUUID } from 'node:crypto'
import { test as withoutAxe, type Locator, type Page } from '@playwright/test'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'
import { expect, expectAccessible, test } from './axe.ts'
import { mailedTrialLink, signUp } from './helpers.ts'
import { builtBrochurePath, requestMultiRoomBrochure } from './multi-room-brochure.ts'
import { renderedProject } from './rendered-project.ts'

// The before/after slider at its four places: the gallery's and the final review's compare
// dialog, the free trial's result page and a brochure's web page.

const PASSWORD = 'compare-2026'
// The local preview renderer and the PDF job are quick, but a brochure is still a few jobs.
const WORK_TIMEOUT = 60_000

const roomPhoto = (seed: number) => makeRoomPhoto({ width: 640, height: 480, seed })

/** A free trial sent through the JSON API; resolves with its result page once the staged photo is e-mailed. */
async function trialPage(page: Page) {
	const email = `viewer.${randomUUID().slice(0, 8)}@example.com`
	const response = await page.request.post('/api/try-it-free', {
		multipart: {
			name: 'Vera Viewer',
			email,
			roomType: 'living_room',
			style: 'scandinavian',
			requiresDeclutter: 'false',
			image: { name: 'lounge.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto(3) },
		},
	})
	expect(response.status()).toBe(201)
	return mailedTrialLink(email)
}

/** A built two-room brochure of a new agent's (a landscape lounge, a portrait kitchen); resolves with its web page's path. */
async function brochurePage(page: Page) {
	await signUp(page, 'Bea', PASSWORD)
	const address = `4 Quay Street, Bristol BS1 4DJ (${randomUUID().slice(0, 6)})`
	await requestMultiRoomBrochure(page, {
		address,
		agentEmail: 'bea@example.com',
		photos: [
			{ name: 'lounge.jpg', bytes: await roomPhoto(5) },
			{ name: 'kitchen.jpg', bytes: await makeRoomPhoto({ width: 480, height: 640, seed: 6 }) },
		],
	})
	return { path: await builtBrochurePath(page, WORK_TIMEOUT), address }
}

const sliderValue = (slider: Locator) => async () => Number(await slider.getAttribute('aria-valuenow'))

/** A finger drag through the DevTools protocol: Playwright's touchscreen only taps. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
	const cdp = await page.context().newCDPSession(page)
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] })
	for (let step = 1; step <= 5; step++)
		await cdp.send('Input.dispatchTouchEvent', {
			type: 'touchMove',
			touchPoints: [{ x: from.x + ((to.x - from.x) * step) / 5, y: from.y + ((to.y - from.y) * step) / 5 }],
		})
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
	await cdp.detach()
}

/**
 * The slider in a comparison frame: the keys move it and clip the after image, a tap or click
 * puts the divider where it lands, a drag (finger on phones, mouse elsewhere) carries it along.
 */
async function checkSlider(page: Page, frame: Locator, hasTouch: boolean) {
	const slider = frame.getByRole('slider')
	const after = frame.getByRole('img').nth(1)
	await expect(slider).toHaveAttribute('aria-valuenow', '50')
	await expect(slider).toHaveAttribute('aria-valuetext', 'Showing 50% of the staged photo')
	await expect(after).toHaveCSS('clip-path', 'inset(0px 0px 0px 50%)')

	// Reached with the keyboard, it shows a focus ring.
	await slider.focus()
	await page.keyboard.press('Shift+Tab')
	await page.keyboard.press('Tab')
	await expect(slider).toBeFocused()
	await expect(slider).toHaveCSS('outline-style', 'solid')
	await page.keyboard.press('ArrowRight')
	await expect(slider).toHaveAttribute('aria-valuenow', '55')
	await expect(slider).toHaveAttribute('aria-valuetext', 'Showing 45% of the staged photo')
	await expect(after).toHaveCSS('clip-path', 'inset(0px 0px 0px 55%)')
	await page.keyboard.press('Home')
	await expect(slider).toHaveAttribute('aria-valuenow', '0')
	await expect(after).toHaveCSS('clip-path', 'inset(0px 0px 0px 0%)')
	await page.keyboard.press('End')
	await expect(slider).toHaveAttribute('aria-valuetext', 'Showing 0% of the staged photo')
	await page.keyboard.press('PageDown')
	await page.keyboard.press('ArrowLeft')
	await expect(slider).toHaveAttribute('aria-valuenow', '70')

	// Above the handle, so the pointer lands on the photos.
	await frame.scrollIntoViewIfNeeded()
	const box = (await frame.boundingBox())!
	const at = (share: number) => ({ x: box.x + box.width * share, y: box.y + box.height * 0.25 })
	if (hasTouch) {
		await page.touchscreen.tap(at(0.2).x, at(0.2).y)
		await expect.poll(sliderValue(slider)).toBe(20)
		await touchDrag(page, at(0.2), at(0.8))
		await expect.poll(sliderValue(slider)).toBe(80)
	} else {
		await page.mouse.click(at(0.2).x, at(0.2).y)
		await expect.poll(sliderValue(slider)).toBe(20)
		await page.mouse.move(at(0.2).x, at(0.2).y)
		await page.mouse.down()
		await page.mouse.move(at(0.8).x, at(0.8).y, { steps: 5 })
		await page.mouse.up()
		await expect.poll(sliderValue(slider)).toBe(80)
	}
	await expect(after).toHaveCSS('clip-path', /^inset\(0px 0px 0px 8\d(\.\d+)?%\)$/)
	await expect(slider).toBeFocused()
}

async function expectLoaded(images: Locator) {
	for (const image of await images.all()) {
		await expect(image).toHaveJSProperty('complete', true)
		expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
	}
}

/** Where an element is on the page (not in the viewport, which scrolls). */
async function pageBox(element: Locator) {
	return element.evaluate((el) => {
		const box = el.getBoundingClientRect()
		return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height }
	})
}

/** Holds matching requests until released, to look at the page before they are answered. */
async function hold(page: Page, url: RegExp) {
	let release!: () => void
	const released = new Promise<void>((resolve) => (release = resolve))
	await page.route(url, async (route) => {
		await released
		await route.continue()
	})
	return release
}

test.describe('with JavaScript', () => {
	test('the trial result: no layout shift from the first paint to the loaded images, then keys, tap and drag', async ({
		page,
	}, testInfo) => {
		const path = await trialPage(page)
		const releaseImages = await hold(page, /\/trial\/[0-9a-f]{32}\/(before|after)$/)
		const releaseScripts = await hold(page, /\/assets\/.+\.js$/)
		await page.goto(path, { waitUntil: 'commit' })

		// Server-rendered, images pending: the plain pair, in the frame the slider will use.
		const frame = page.getByTestId('before-after')
		await expect(frame.getByText('Before', { exact: true })).toBeVisible()
		await expect(frame.getByRole('slider')).toHaveCount(0)
		const first = await pageBox(frame)
		// axe is injected by the test, so the server's markup is checked before the app's scripts run.
		await expectAccessible(page)

		releaseScripts()
		await expect(frame.getByRole('slider')).toBeVisible()
		expect(await pageBox(frame)).toEqual(first)

		releaseImages()
		const images = frame.getByRole('img')
		await expect(images).toHaveCount(2)
		await expectLoaded(images)
		expect(await pageBox(frame)).toEqual(first)
		await expect(page.getByRole('img', { name: 'Living Room, before' })).toBeVisible()
		await expect(page.getByRole('img', { name: 'Living Room, Scandinavian' })).toBeVisible()
		await expect(page.getByRole('slider', { name: 'Living Room: before and after' })).toBeVisible()
		await expectAccessible(page)

		await checkSlider(page, frame, !!testInfo.project.use.hasTouch)
		expect(await pageBox(frame)).toEqual(first)
	})

	test('the gallery and the final review compare a variation with its original in a dialog', async ({
		page,
	}, testInfo) => {
		test.setTimeout(90_000)
		const hasTouch = !!testInfo.project.use.hasTouch
		await signUp(page, 'Cleo', PASSWORD)
		const {
			id,
			roomIds: [roomId],
		} = await renderedProject(page, `9 Dock Road (${randomUUID().slice(0, 6)})`, [
			{ roomType: 'bedroom', style: 'modern', seed: 7 },
		])
		await page.goto(`/property-studio/${id}`)
		await expect(page.getByRole('heading', { level: 2, name: 'Your Rendos' })).toBeVisible()
		await expect(
			page.getByRole('region', { name: 'Modern Bedroom variations' }).getByText('1 of 3 variations'),
		).toBeVisible()
		await expectAccessible(page)

		// The gallery: the larger view of the first variation.
		const carousel = page.getByRole('region', { name: 'Modern Bedroom variations' })
		await carousel.getByRole('button', { name: 'Compare Modern Bedroom, variation 1 with the original' }).click()
		let dialog = page.getByRole('dialog', { name: 'Modern Bedroom, variation 1' })
		await expect(dialog).toBeVisible()
		const before = dialog.getByRole('img', { name: 'Modern Bedroom, variation 1, before' })
		const after = dialog.getByRole('img', { name: 'Modern Bedroom, variation 1, after' })
		await expect(before).toHaveAttribute('src', `/files/rooms/${roomId}/original`)
		await expect(after).toHaveAttribute('src', /^\/files\/variations\/[0-9a-f-]{36}\/full$/)
		await expectLoaded(dialog.getByRole('img'))
		// The same shape and size as chosen from their copies, so they line up in the frame.
		const sizes = await dialog
			.getByRole('img')
			.evaluateAll((imgs: HTMLImageElement[]) => imgs.map((img) => [img.naturalWidth, img.naturalHeight]))
		expect(sizes[0]).toEqual(sizes[1])
		expect(sizes[0][0] / sizes[0][1]).toBeCloseTo(800 / 600, 2)
		await expectAccessible(page)
		await checkSlider(page, dialog.getByTestId('before-after'), hasTouch)
		await page.keyboard.press('Escape')
		await expect(dialog).toHaveCount(0)

		// The final review: the same view from a favourite's card, which the button does not toggle.
		const heart = carousel.getByRole('button', { name: 'Favorite Modern Bedroom, variation 1' })
		await heart.click()
		await expect(heart).toHaveAttribute('aria-pressed', 'true')
		await page.getByRole('link', { name: 'Select Favorites' }).click()
		await page.getByRole('link', { name: 'Continue', exact: true }).click()
		await expect(page.getByRole('heading', { level: 2, name: 'Final Review' })).toBeVisible()
		await page.getByRole('button', { name: 'Compare Bedroom, Modern with the original' }).click()
		dialog = page.getByRole('dialog', { name: 'Bedroom, Modern' })
		await expect(dialog).toBeVisible()
		await expectLoaded(dialog.getByRole('img'))
		await expectAccessible(page)
		await checkSlider(page, dialog.getByTestId('before-after'), hasTouch)
		await dialog.getByRole('button', { name: 'Close' }).click()
		await expect(dialog).toHaveCount(0)
		await expect(page.getByText('1 of 1 favorite selected')).toBeVisible()
	})

	test("a brochure's web page compares every room, and the dashboard links to it", async ({ page }, testInfo) => {
		test.setTimeout(90_000)
		const { path, address } = await brochurePage(page)
		await page.goto(path)
		await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
		const frames = page.getByTestId('before-after')
		await expect(frames).toHaveCount(2)
		const sliders = page.getByRole('slider')
		await expect(sliders).toHaveCount(2)
		await expect(page.getByRole('slider', { name: 'Living Room: before and after' })).toBeVisible()
		await expect(page.getByRole('slider', { name: 'Kitchen: before and after' })).toBeAttached()
		// Each frame has its photo's shape: the portrait kitchen is not letterboxed in a 4:3 frame.
		const [lounge, kitchen] = await Promise.all([frames.nth(0).boundingBox(), frames.nth(1).boundingBox()])
		expect(lounge!.width / lounge!.height).toBeCloseTo(640 / 480, 1)
		expect(kitchen!.width / kitchen!.height).toBeCloseTo(480 / 640, 1)
		expect(kitchen!.height).toBeLessThanOrEqual(page.viewportSize()!.height)

		await checkSlider(page, frames.nth(1), !!testInfo.project.use.hasTouch)
		// Each room has a slider of its own.
		await expect(sliders.first()).toHaveAttribute('aria-valuenow', '50')
		await expectLoaded(frames.nth(1).getByRole('img'))
		await expect(page.getByRole('link', { name: 'Download the brochure (PDF)' })).toHaveAttribute(
			'href',
			path.replace('/brochure/', '/api/brochures/'),
		)
		await expectAccessible(page)

		await page.goto('/brochures')
		await expect(
			page.getByRole('article', { name: address }).getByRole('link', { name: 'View online' }),
		).toHaveAttribute('href', path)
		await expectAccessible(page)
	})
})

// axe runs in the page's JavaScript, so it has no place here: the trial's server markup is
// checked above while the app's scripts are held back, and every page again once hydrated.
withoutAxe.describe('without JavaScript', () => {
	withoutAxe.use({ javaScriptEnabled: false })

	/** Both photos in the frame, side by side, with their captions: no slider. */
	async function expectSideBySide(frame: Locator) {
		await expect(frame.getByRole('slider')).toHaveCount(0)
		await expect(frame.getByText('Before', { exact: true })).toBeVisible()
		await expect(frame.getByText('After', { exact: true })).toBeVisible()
		const [before, after] = await Promise.all(
			[0, 1].map(async (i) => {
				const image = frame.getByRole('img').nth(i)
				await expect(image).toBeVisible()
				return (await image.boundingBox())!
			}),
		)
		expect(before.x + before.width).toBeLessThanOrEqual(after.x)
		expect(Math.abs(before.y - after.y)).toBeLessThan(1)
		expect(before.width).toBeCloseTo(after.width, 0)
	}

	withoutAxe('the trial result is a plain before and after pair', async ({ page }) => {
		await page.goto(await trialPage(page))
		const frame = page.getByTestId('before-after')
		await expectSideBySide(frame)
		await expectLoaded(frame.getByRole('img'))
		await expect(page.getByRole('img', { name: 'Living Room, before' })).toBeVisible()
		await expect(page.getByRole('img', { name: 'Living Room, Scandinavian' })).toBeVisible()
	})

	withoutAxe("a brochure's web page shows each room as a pair, and an unknown link is not found", async ({ page }) => {
		withoutAxe.setTimeout(90_000)
		const { path } = await brochurePage(page)
		await page.goto(path)
		const frames = page.getByTestId('before-after')
		await expect(frames).toHaveCount(2)
		for (const frame of await frames.all()) {
			await frame.scrollIntoViewIfNeeded()
			await expectSideBySide(frame)
		}
		await expectLoaded(frames.first().getByRole('img'))

		const unknown = await page.goto(`/brochure/${'0'.repeat(32)}`)
		expect(unknown?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Brochure not found' })).toBeVisible()
	})
})

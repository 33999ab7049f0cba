import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'
import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'
import { builtBrochurePath, requestMultiRoomBrochure } from './multi-room-brochure.ts'
import { originalsLink } from './originals.ts'
import { favouriteOnePerRoom, renderedProject } from './rendered-project.ts'

/**
 * What an agent sees of a photo: all of it, at the size it is shown. On the gallery, its compare
 * view, the favourites, the final review, the downloads and the buyers' originals page, every image shown has a box
 * of the picture's own shape (or shows it contained), is cropped neither by object-fit: cover nor
 * by a parent that hides its overflow, and was loaded at most twice as wide as it is shown in
 * device pixels. A portrait photo is among them.
 */

interface Finding {
	src: string
	problem: string
}

/** Every loaded image inside `scope` that is on show, checked in the page; scrolled out of a carousel counts as not on show. */
function checkImages(scope: Locator) {
	return scope.evaluate(async (root) => {
		const findings: Array<{ src: string; problem: string }> = []
		let shown = 0
		let portraits = 0
		const dpr = window.devicePixelRatio
		for (const img of root.querySelectorAll('img')) {
			const box = img.getBoundingClientRect()
			if (!img.complete || !img.naturalWidth || !box.width || !box.height) continue
			const src = new URL(img.currentSrc || img.src).pathname
			// Parents that cut what overflows them: an image wholly outside one is scrolled away, partly outside is cropped.
			let away = false
			for (let parent = img.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
				const style = getComputedStyle(parent)
				if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
				const frame = parent.getBoundingClientRect()
				const outside =
					box.right <= frame.left + 1 ||
					box.left >= frame.right - 1 ||
					box.bottom <= frame.top + 1 ||
					box.top >= frame.bottom - 1
				if (outside) {
					away = true
					break
				}
				const cut = Math.max(
					frame.left - box.left,
					box.right - frame.right,
					frame.top - box.top,
					box.bottom - frame.bottom,
				)
				if (cut > 1)
					findings.push({
						src,
						problem: `cropped ${Math.round(cut)} px by <${parent.tagName.toLowerCase()}> (overflow)`,
					})
			}
			if (away) continue
			shown++
			const style = getComputedStyle(img)
			const contentWidth =
				box.width -
				Number.parseFloat(style.paddingLeft) -
				Number.parseFloat(style.paddingRight) -
				Number.parseFloat(style.borderLeftWidth) -
				Number.parseFloat(style.borderRightWidth)
			const contentHeight =
				box.height -
				Number.parseFloat(style.paddingTop) -
				Number.parseFloat(style.paddingBottom) -
				Number.parseFloat(style.borderTopWidth) -
				Number.parseFloat(style.borderBottomWidth)
			// naturalWidth is the file's width over the density srcset gave it (sizes): the file's own is that of a plain copy.
			const file = new Image()
			file.src = img.currentSrc || img.src
			await file.decode()
			const ratio = file.naturalWidth / file.naturalHeight
			let pictureWidth = contentWidth
			let pictureHeight = contentHeight
			if (style.objectFit === 'cover') findings.push({ src, problem: 'object-fit: cover crops it' })
			else if (style.objectFit === 'contain' || style.objectFit === 'scale-down') {
				pictureWidth = Math.min(contentWidth, contentHeight * ratio)
				pictureHeight = pictureWidth / ratio
			} else if (Math.abs(contentWidth / contentHeight - ratio) / ratio > 0.02)
				findings.push({
					src,
					problem: `stretched: a ${(contentWidth / contentHeight).toFixed(2)} box for a ${ratio.toFixed(2)} picture`,
				})
			if (ratio < 1 && pictureHeight > pictureWidth) portraits++
			if (file.naturalWidth > 2 * pictureWidth * dpr + 1)
				findings.push({
					src,
					problem: `loaded ${file.naturalWidth} px wide to show ${Math.round(pictureWidth)} CSS px at ${dpr}×`,
				})
		}
		return { shown, portraits, findings }
	})
}

/** Loads every image at once (the lazy ones too, as a scroll would) and waits for them, then checks those on show. */
async function expectWholeImages(page: Page, scope: Locator, atLeast: number, { sizeToo = true } = {}) {
	await scope.evaluate((root) => {
		for (const img of root.querySelectorAll('img')) img.loading = 'eager'
	})
	await expect
		.poll(() => scope.evaluate((root) => [...root.querySelectorAll('img')].every((img) => img.complete)))
		.toBe(true)
	const { shown, portraits, findings } = await checkImages(scope)
	expect((findings as Finding[]).filter((f) => sizeToo || !f.problem.startsWith('loaded'))).toEqual([])
	expect(shown).toBeGreaterThanOrEqual(atLeast)
	expect(portraits, 'the portrait photo is shown as a portrait').toBeGreaterThan(0)
	await expectAccessible(page)
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

test('every studio screen shows each picture whole, loaded at most twice the size it is shown', async ({
	page,
	browser,
}) => {
	test.setTimeout(180_000)
	await signUp(page, 'Wren', 'whole-images-2026')
	const address = `3 Orchard Row, Leeds LS2 7AA (${randomUUID().slice(0, 6)})`
	// Large enough to have every copy: a landscape photo and a portrait one.
	const { id } = await renderedProject(page, address, [
		{ roomType: 'kitchen', style: 'modern', seed: 2, size: { width: 2400, height: 1800 } },
		{ roomType: 'bedroom', style: 'scandinavian', seed: 5, size: { width: 1500, height: 2000 } },
	])
	await favouriteOnePerRoom(page, id)

	// Each screen as a first view, in a browser context of its own: Chromium reuses a larger copy it
	// holds in memory from an earlier screen, however small the image is shown, which moves no bytes.
	const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = test.info().project.use
	const session = await page.context().storageState()
	async function firstView(path: string, shown: (page: Page) => Locator) {
		const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent })
		await context.addCookies(session.cookies)
		const fresh = await context.newPage()
		await fresh.goto(path)
		await expect(shown(fresh).first()).toBeVisible()
		return fresh
	}

	const gallery = await firstView(`/property-studio/${id}?step=results`, (p) => heading(p, 'Your Rendos'))
	// Two originals and the current slide of each carousel, and their strips of thumbnails.
	await expectWholeImages(gallery, gallery.getByRole('main'), 2 + 2 + 6)
	await gallery.getByRole('button', { name: 'Compare Scandinavian Bedroom, variation 1 with the original' }).click()
	const dialog = gallery.getByRole('dialog')
	await expect(dialog.getByRole('slider')).toBeVisible()
	// The slider's frame has the portrait's own shape: it is not letterboxed into a landscape frame.
	const frame = (await dialog.getByTestId('before-after').boundingBox())!
	expect(frame.width / frame.height).toBeCloseTo(1500 / 2000, 1)
	// The gallery's copies of the same images are in memory here: only the shape is checked.
	await expectWholeImages(gallery, dialog, 2, { sizeToo: false })
	await gallery.context().close()

	const favourites = await firstView(`/property-studio/${id}?step=selection`, (p) =>
		heading(p, 'Review Your Favorites'),
	)
	await expectWholeImages(favourites, favourites.getByRole('main'), 6)
	await favourites.context().close()

	const review = await firstView(`/property-studio/${id}?step=download`, (p) => heading(p, 'Final Review'))
	await expectWholeImages(review, review.getByRole('main'), 2)
	await review.getByRole('button', { name: 'Compare Bedroom, Scandinavian with the original' }).click()
	await expect(review.getByRole('dialog').getByRole('slider')).toBeVisible()
	await expectWholeImages(review, review.getByRole('dialog'), 2)
	await review.context().close()

	const completed = await page.request.post(`/api/property-studio/projects/${id}/complete`, {
		data: { watermarkingEnabled: false },
	})
	expect(completed.ok()).toBe(true)
	await expect(async () => {
		await page.goto(`/property-studio/${id}/downloads`)
		await expect(page.getByRole('link', { name: /^Download .*\.jpg$/ })).toHaveCount(2, { timeout: 1_000 })
	}).toPass({ timeout: 30_000 })
	await expectAccessible(page)
	const downloads = await firstView(`/property-studio/${id}/downloads`, (p) =>
		p.getByRole('link', { name: /^Download .*\.jpg$/ }),
	)
	await expectWholeImages(downloads, downloads.getByRole('main'), 2)
	await downloads.context().close()

	// The buyers' originals page, reached from the label's QR code by someone with no account: each
	// kept image beside its original photo.
	const originals = new URL((await originalsLink(page).getAttribute('href'))!, page.url()).pathname
	const buyer = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent })
	const pairs = await buyer.newPage()
	await pairs.goto(originals)
	await expect(pairs.getByRole('heading', { level: 1, name: address })).toBeVisible()
	await expectWholeImages(pairs, pairs.getByRole('main'), 4)
	await buyer.close()
})

test("a brochure's web page shows each room's photos whole, loaded at most twice the size its frame shows them", async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000)
	await signUp(page, 'Bryn', 'whole-images-2026')
	const address = `6 Quay Street, Bristol BS1 4DJ (${randomUUID().slice(0, 6)})`
	// Large enough to have every copy: a landscape lounge and a portrait kitchen.
	await requestMultiRoomBrochure(page, {
		address,
		agentEmail: 'bryn@example.com',
		photos: [
			{ name: 'lounge.jpg', bytes: await makeRoomPhoto({ width: 2400, height: 1800, seed: 4 }) },
			{ name: 'kitchen.jpg', bytes: await makeRoomPhoto({ width: 1500, height: 2000, seed: 4 }) },
		],
	})
	const webUrl = await builtBrochurePath(page, 60_000)

	// As the buyer opens it: no account, nothing in memory.
	const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = test.info().project.use
	const buyer = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent })
	const brochure = await buyer.newPage()
	await brochure.goto(webUrl)
	await expect(brochure.getByRole('heading', { level: 1, name: address })).toBeVisible()
	// Each room's frame: its original photo and the staged one over it.
	await expectWholeImages(brochure, brochure.getByRole('main'), 4)
	await buyer.close()
})

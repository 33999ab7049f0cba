import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './axe.ts'
import { mailedTrialLink } from './helpers.ts'
import { email, fillTrial, roomPhoto } from './trial.ts'

/**
 * Chooses the photo and waits for its preview, which only the hydrated page draws: a choice made
 * before React takes over is lost, so it is repeated until the preview shows.
 */
async function choosePhoto(page: Page) {
	const file = await roomPhoto()
	await expect(async () => {
		await page.getByLabel('Room photo').setInputFiles(file)
		await expect(page.getByRole('img', { name: 'Preview of lounge.jpg' })).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })
}

/** The spec's interval (app/components/landing/use-carousel.ts). */
const CAROUSEL_INTERVAL_MS = 2_500

/**
 * The landing page with the page's clock stopped (timers, Date), hydrated, and moved on by one carousel interval:
 * the carousel moves only when the test moves the clock, so a busy machine neither hurries nor delays it.
 */
async function landingOnSecondSlide(page: Page) {
	await page.clock.install({ time: new Date('2026-01-05T09:00:00Z') })
	await page.clock.pauseAt(new Date('2026-01-05T10:00:00Z'))
	await page.goto('/')
	const caption = page.getByTestId('hero-slide')
	await expect(caption).toContainText('Kitchen')
	// Running: the page's effects have loaded the next slide's images, and so started the carousel's interval.
	await expect(page.locator('[aria-roledescription="slide"]').nth(1).locator('img').first()).toBeAttached()
	await page.clock.runFor(CAROUSEL_INTERVAL_MS - 1)
	await expect(caption).toContainText('Kitchen')
	await page.clock.runFor(1)
	await expect(caption).toContainText('Living Room')
	return caption
}

test('the hero carousel advances every 2.5 s and stops for good after a click', async ({ page }) => {
	const caption = await landingOnSecondSlide(page)

	await page.getByRole('button', { name: 'Next example' }).click()
	const chosen = (await caption.textContent())!
	await page.clock.runFor(3 * CAROUSEL_INTERVAL_MS)
	await expect(caption).toHaveText(chosen)

	// The keyboard moves it too: arrows on the focused carousel, End for the last slide.
	await page.keyboard.press('ArrowRight')
	await expect(caption).not.toHaveText(chosen)
	await page.keyboard.press('End')
	await expect(caption).toContainText('Garden')
	// axe runs on the page's timers
	await page.clock.resume()
	await expectAccessible(page)
})

/** A finger on touch devices (through the DevTools protocol, as Playwright has no swipe), a mouse drag elsewhere. */
async function swipe(page: Page, hasTouch: boolean, from: { x: number; y: number }, to: { x: number; y: number }) {
	if (!hasTouch) {
		await page.mouse.move(from.x, from.y)
		await page.mouse.down()
		await page.mouse.move(to.x, to.y, { steps: 5 })
		await page.mouse.up()
		return
	}
	const cdp = await page.context().newCDPSession(page)
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] })
	for (let step = 1; step <= 5; step++) {
		const point = { x: from.x + ((to.x - from.x) * step) / 5, y: from.y + ((to.y - from.y) * step) / 5 }
		await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] })
	}
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
	await cdp.detach()
}

test('a swipe moves the carousel and stops it', async ({ page }, testInfo) => {
	const caption = await landingOnSecondSlide(page)
	const frame = page.getByRole('region', { name: 'Before and after examples' }).locator('.aspect-\\[3\\/2\\]').first()
	await frame.scrollIntoViewIfNeeded()
	const box = (await frame.boundingBox())!
	const y = box.y + box.height * 0.75
	await swipe(
		page,
		!!testInfo.project.use.hasTouch,
		{ x: box.x + box.width * 0.8, y },
		{ x: box.x + box.width * 0.2, y },
	)
	await expect(caption).toContainText('Home Office')
	await page.clock.runFor(3 * CAROUSEL_INTERVAL_MS)
	await expect(caption).toContainText('Home Office')
	await page.clock.resume()
	await expectAccessible(page)
})

test('the free-trial form checks its fields in order and previews the chosen photo', async ({ page }) => {
	await page.goto('/#try-it-free')
	await choosePhoto(page)
	await page.getByRole('button', { name: 'Remove image' }).click()
	await expect(page.getByRole('img', { name: 'Preview of lounge.jpg' })).toHaveCount(0)

	await page.getByRole('button', { name: 'Transform My Photo' }).click()
	const section = page.locator('#try-it-free')
	for (const message of [
		'Please enter your name',
		'Please enter a valid email address',
		'Please select a room type',
		'Please select a furniture style',
		'Please select an image to transform',
	])
		await expect(section.getByText(message)).toBeVisible()
	await expect(section.getByLabel('Name')).toBeFocused()
	await expectAccessible(page)

	await section
		.getByLabel('Room photo')
		.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') })
	await expect(section.getByText('Please select an image file (JPEG, PNG, etc.)')).toBeVisible()
})

test('a trial with JavaScript: in progress, then already tried, and Try Different Email clears the form', async ({
	page,
}) => {
	const address = email()
	await page.goto('/#try-it-free')
	await choosePhoto(page)
	await fillTrial(page, address)
	await page.getByRole('button', { name: 'Transform My Photo' }).click()
	await expect(page.getByRole('heading', { name: 'Transformation in Progress!' })).toBeVisible()
	await expect(page.getByText(`We'll email your transformed image to ${address} in the next few minutes`)).toBeVisible()
	await expect(page.getByRole('link', { name: 'Get Started with Rendo', exact: true })).toHaveAttribute(
		'target',
		'_blank',
	)
	await expectAccessible(page)

	await page.getByRole('button', { name: 'Reset Form' }).click()
	await expect(page.getByLabel('Name')).toHaveValue('')
	await choosePhoto(page)
	await fillTrial(page, address.toUpperCase())
	await page.getByRole('button', { name: 'Transform My Photo' }).click()
	await expect(page.getByRole('heading', { name: "You've Already Tried Rendo!" })).toBeVisible()
	await expect(page.getByText('Client engagement tracking')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Get Started with Rendo Pro' })).toHaveAttribute('href', '/register')
	await expectAccessible(page)

	await page.getByRole('button', { name: 'Try Different Email' }).click()
	const section = page.locator('#try-it-free')
	await expect(section.getByLabel('Name')).toHaveValue('')
	await expect(section.getByLabel('Email')).toHaveValue('')
	await expect(section.getByLabel('Room type')).toHaveValue('')
	await expect(section.getByLabel('Remove the existing furniture')).not.toBeChecked()
	await expect(section.getByLabel('Room photo')).toHaveValue('')
})

test('the e-mailed link shows the before and after and offers sign-up', async ({ page }) => {
	const address = email()
	await page.goto('/#try-it-free')
	await choosePhoto(page)
	await fillTrial(page, address)
	await page.getByRole('button', { name: 'Transform My Photo' }).click()
	await expect(page.getByRole('heading', { name: 'Transformation in Progress!' })).toBeVisible()
	await expectAccessible(page)

	await page.goto(await mailedTrialLink(address))
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi Vera Visitor, here is your living room')
	for (const name of ['Living Room, before', 'Living Room, Scandinavian'])
		await expect(page.getByRole('img', { name })).toHaveJSProperty('complete', true)
	expect(
		await page
			.getByRole('img', { name: 'Living Room, Scandinavian' })
			.evaluate((img: HTMLImageElement) => img.naturalWidth),
	).toBeGreaterThan(0)
	await expectAccessible(page)
	await expect(page.getByRole('link', { name: /Join Pioneer Program|Get Started/ }).last()).toHaveAttribute(
		'href',
		/register$/,
	)
})

test('the pioneer program: the landing band and its own page show the spots left', async ({ page }) => {
	await page.goto('/')
	await expect(page.getByTestId('pioneer-spots').first()).toContainText(/pioneer spots? left|have been taken/)
	await expectAccessible(page, { once: 'the landing page' })
	await page.getByRole('link', { name: 'About the program' }).click()
	await expect(page).toHaveURL(/\/pioneer-program$/)
	await expect(page.getByRole('heading', { name: 'What You Get' })).toBeVisible()
	await expect(page.getByText('Create your account instantly • No commitment required')).toBeVisible()
	const cta = page.getByRole('link', { name: /Secure Your Pioneer Spot|Get Started/ }).last()
	await expect(cta).toHaveAttribute('href', /^\/(agent-register|register)$/)
	await expectAccessible(page)
})

test('the footer shows the current year', async ({ page }) => {
	await page.goto('/')
	await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Rendo. All rights reserved.`)
	await expectAccessible(page, { once: 'the landing page' })
})

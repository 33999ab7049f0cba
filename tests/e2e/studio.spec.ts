import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './axe.ts'
import { roomPhotoFile, signUp } from './helpers.ts'

const PASSWORD = 'staging-2026'

// Rendering with the local preview renderer is quick, but a whole batch still takes a few seconds.
const RENDER_TIMEOUT = 60_000
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const PROJECT_URL = new RegExp(`/property-studio/(${UUID})$`)

type Photo = { name: string; mimeType: string; buffer: Buffer }

/** Creates a project through the JSON API (the page's cookies go with page.request); returns its id. */
async function createProjectByApi(page: Page, propertyAddress: string) {
	const response = await page.request.post('/api/property-studio/projects', { data: { propertyAddress } })
	expect(response.status()).toBe(201)
	const project = (await response.json()) as { id: string }
	expect(project.id).toMatch(new RegExp(`^${UUID}$`))
	return project.id
}

/** The heading of the workflow's current step (the h2 the workflow focuses on a step change). */
function stepHeading(page: Page, name: string | RegExp) {
	return page.getByRole('heading', { level: 2, name })
}

/**
 * Picks photos through the library input. A change made before React hydrates the page is
 * lost, so it is repeated until the list of picked photos shows them.
 */
async function pickPhotos(page: Page, photos: Photo[]) {
	const input = page.getByLabel('Room photos (JPG, PNG, WebP)')
	const selected = page.getByText(`${photos.length} photo${photos.length === 1 ? '' : 's'} selected`, { exact: true })
	await expect(async () => {
		await input.setInputFiles(photos)
		await expect(selected).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })
	for (const { name } of photos) await expect(page.getByText(name, { exact: true })).toBeVisible()
}

function stylesFor(page: Page, roomName: string): Locator {
	return page.getByRole('group', { name: `Styles for ${roomName}` })
}

async function chooseStyle(page: Page, roomName: string, style: string) {
	const checkbox = stylesFor(page, roomName).getByRole('checkbox', { name: new RegExp(`^${style}\\b`) })
	await checkbox.check()
	await expect(checkbox).toBeChecked()
}

test('the whole workflow from upload to Review Your Favorites', async ({ page }) => {
	test.setTimeout(90_000)
	// Real photos: the room types are suggested by what each shows, whatever its name.
	const bedroom = roomPhotoFile('bedroom-01.jpg', 'IMG_4521.jpg')
	const kitchen = roomPhotoFile('kitchen-03.jpg', 'IMG_4522.jpg')
	await signUp(page, 'Ada', PASSWORD)

	// An empty studio, and a new property from its dialog.
	await page.goto('/property-studio')
	await expect(page.getByRole('heading', { level: 1, name: 'Property Studio' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'No Properties Yet' })).toBeVisible()
	await expectAccessible(page, { once: 'an empty project list' })
	await page.getByRole('link', { name: 'New Property' }).click()
	const dialog = page.getByRole('dialog', { name: 'New Property' })
	await expect(dialog).toBeVisible()
	await expectAccessible(page)
	const address = `12 Oak Street, Bristol BS1 4DJ (${randomUUID().slice(0, 6)})`
	await dialog.getByLabel('Property address').fill(address)
	await dialog.getByRole('button', { name: 'Create Property' }).click()
	await expect(page).toHaveURL(PROJECT_URL)
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()

	// Step 1: upload.
	await expect(stepHeading(page, 'Upload Photos')).toBeVisible()
	await expect(page.getByText('Step 1 of 7')).toBeVisible()
	await pickPhotos(page, [bedroom, kitchen])
	await expectAccessible(page)
	await page.getByRole('button', { name: 'Continue', exact: true }).click()

	// Step 2: the room types suggested by the photos.
	await expect(stepHeading(page, 'Confirm Rooms')).toBeVisible()
	await expect(page.getByLabel('Room type for IMG_4521.jpg')).toHaveValue('bedroom')
	await expect(page.getByLabel('Room type for IMG_4522.jpg')).toHaveValue('kitchen')
	await expectAccessible(page)
	await page.getByRole('button', { name: 'Continue', exact: true }).click()

	// Step 3: one style per room, three variations each.
	await expect(stepHeading(page, 'Choose Styles')).toBeVisible()
	await expect(page.getByText('This will generate 0 variation(s)')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Process Images' })).toBeDisabled()
	// Emptying a room is offered beside the styles; the local preview cannot do it, and says so.
	const empty = stylesFor(page, 'Bedroom').getByRole('checkbox', { name: /^Empty room\b/ })
	await expect(empty).toBeDisabled()
	await expect(
		stylesFor(page, 'Bedroom').getByText('Needs a staging provider: the local preview cannot empty a room'),
	).toBeVisible()
	await chooseStyle(page, 'Bedroom', 'Modern')
	await expect(page.getByText('This will generate 3 variation(s)')).toBeVisible()
	await chooseStyle(page, 'Kitchen', 'Scandinavian')
	await expect(page.getByText('This will generate 6 variation(s)')).toBeVisible()
	await expectAccessible(page)
	await page.getByRole('button', { name: 'Process Images' }).click()

	// Step 4: processing, until every variation is rendered.
	await expect(stepHeading(page, /^(Generating Rendos|Rendos Ready!)$/)).toBeVisible()
	await expect(stepHeading(page, 'Rendos Ready!')).toBeVisible({ timeout: RENDER_TIMEOUT })
	await expect(page.getByText('6 of 6 variations ready')).toBeVisible()
	await expectAccessible(page)
	await page.getByRole('region', { name: 'Rendos Ready!' }).getByRole('link', { name: 'View Gallery' }).click()

	// Step 5: the gallery, one carousel per room and style.
	await expect(stepHeading(page, 'Your Rendos')).toBeVisible()
	const bedroomCarousel = page.getByRole('region', { name: 'Modern Bedroom variations' })
	const kitchenCarousel = page.getByRole('region', { name: 'Scandinavian Kitchen variations' })
	await expect(bedroomCarousel.getByText('1 of 3 variations')).toBeVisible()
	await expect(kitchenCarousel.getByText('1 of 3 variations')).toBeVisible()
	await expect(bedroomCarousel.getByRole('img', { name: 'Modern Bedroom, variation 1' })).toBeVisible()
	await expect(bedroomCarousel.getByText('Preview, not staged', { exact: true }).first()).toBeVisible()
	await expect(page.getByText('0 favorites selected')).toBeVisible()

	const heart = bedroomCarousel.getByRole('button', { name: 'Favorite Modern Bedroom, variation 1' })
	await expect(heart).toHaveAttribute('aria-pressed', 'false')
	await heart.click()
	await expect(heart).toHaveAttribute('aria-pressed', 'true')
	await expect(page.getByText('1 favorite selected')).toBeVisible()
	await expectAccessible(page)

	// Step 6: the favourites.
	await page.getByRole('link', { name: 'Select Favorites' }).click()
	await expect(stepHeading(page, 'Review Your Favorites')).toBeVisible()
	await expect(page.getByText('1 favorite of 6 variations')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Favorite Bedroom · Modern 1' })).toHaveAttribute(
		'aria-pressed',
		'true',
	)
	await expect(page.getByRole('button', { name: 'Favorite Kitchen · Scandinavian 1' })).toHaveAttribute(
		'aria-pressed',
		'false',
	)
	await expectAccessible(page)

	// The heart was saved, not only drawn: the server lists it too.
	const projectId = PROJECT_URL.exec(new URL(page.url()).pathname)![1]
	const variations = (await (
		await page.request.get(`/api/property-studio/projects/${projectId}/variations`)
	).json()) as Array<{
		isFavorite: boolean
		style: string
	}>
	expect(variations).toHaveLength(6)
	expect(variations.filter((v) => v.isFavorite).map((v) => v.style)).toEqual(['modern'])
})

test('a reload in the middle of processing resumes at processing', async ({ page }) => {
	test.setTimeout(90_000)
	const living = roomPhotoFile('living-02.jpg', 'living-room.jpg')
	await signUp(page, 'Grace', PASSWORD)
	const projectId = await createProjectByApi(page, `7 Mill Lane, Bath BA1 1AA (${randomUUID().slice(0, 6)})`)
	const projectPath = `/property-studio/${projectId}`
	await page.goto(projectPath)

	await expect(stepHeading(page, 'Upload Photos')).toBeVisible()
	await pickPhotos(page, [living])
	await page.getByRole('button', { name: 'Continue', exact: true }).click()
	await expect(page.getByLabel('Room type for living-room.jpg')).toHaveValue('living')
	await page.getByRole('button', { name: 'Continue', exact: true }).click()

	await expect(stepHeading(page, 'Choose Styles')).toBeVisible()
	for (const style of ['Modern', 'Luxury', 'Industrial']) await chooseStyle(page, 'Living Room', style)
	await expect(page.getByText('This will generate 9 variation(s)')).toBeVisible()
	await page.getByRole('button', { name: 'Process Images' }).click()
	// The processing step, which the quick local renders may already have finished
	await expect(stepHeading(page, /^(Generating Rendos|Rendos Ready!)$/)).toBeVisible()

	await page.reload()
	expect(new URL(page.url()).pathname).toBe(projectPath)
	// The server's rows decide the step: processing, or the gallery if the renders already finished.
	await expect(stepHeading(page, /^(Generating Rendos|Rendos Ready!|Your Rendos)$/)).toBeVisible()
	await expect(page.getByText(/^Step (4|5) of 7 · (Processing|Gallery)$/)).toBeVisible()
	const resumedAt = await page.getByRole('heading', { level: 2 }).first().textContent()
	test.info().annotations.push({ type: 'resumed at', description: resumedAt ?? '' })
	await expect(stepHeading(page, 'Upload Photos')).toHaveCount(0)
	await expect(stepHeading(page, 'Choose Styles')).toHaveCount(0)

	await expect(stepHeading(page, /^(Rendos Ready!|Your Rendos)$/)).toBeVisible({ timeout: RENDER_TIMEOUT })
	if (await stepHeading(page, 'Rendos Ready!').isVisible()) {
		await expect(page.getByText('9 of 9 variations ready')).toBeVisible()
		await page.getByRole('region', { name: 'Rendos Ready!' }).getByRole('link', { name: 'View Gallery' }).click()
		await expect(stepHeading(page, 'Your Rendos')).toBeVisible()
	}
	for (const style of ['Modern', 'Luxury', 'Industrial'])
		await expect(
			page.getByRole('region', { name: `${style} Living Room variations` }).getByText('1 of 3 variations'),
		).toBeVisible()
	expect(new URL(page.url()).pathname).toBe(projectPath)
	await expectAccessible(page)
})

test("another user's project is not found", async ({ page, browser }) => {
	// two sign-ups, and the pages they see checked for accessibility
	test.setTimeout(60_000)
	await signUp(page, 'Alice', PASSWORD)
	const projectId = await createProjectByApi(page, `1 Private Road, Leeds LS1 1AA (${randomUUID().slice(0, 6)})`)
	const projectPath = `/property-studio/${projectId}`
	// Alice sees her project.
	await page.goto(projectPath)
	await expect(stepHeading(page, 'Upload Photos')).toBeVisible()
	await expectAccessible(page)

	// Bob, in a browser of his own, does not: not even that it exists.
	const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use
	const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch })
	try {
		const bob = await context.newPage()
		await signUp(bob, 'Bob', PASSWORD)
		const response = await bob.goto(projectPath)
		expect(response?.status()).toBe(404)
		await expect(bob.getByRole('heading', { level: 1, name: 'Property Not Found' })).toBeVisible()
		await expect(bob.getByText('This property does not exist or is not one of yours.')).toBeVisible()
		await expect(bob.getByRole('heading', { name: /1 Private Road/ })).toHaveCount(0)
		await expectAccessible(bob)

		// The JSON API refuses him outright (spec 02 §6: 403, 'Unauthorized access to project').
		const api = await bob.request.get(`/api/property-studio/projects/${projectId}`)
		expect(api.status()).toBe(403)
		expect(await api.json()).toEqual({ message: 'Unauthorized access to project' })

		await bob.getByRole('link', { name: 'Back to Studio' }).click()
		await expect(bob).toHaveURL(/\/property-studio$/)
		await expect(bob.getByRole('heading', { name: 'No Properties Yet' })).toBeVisible()
		await expectAccessible(bob, { once: 'an empty project list' })
	} finally {
		await context.close()
	}
})

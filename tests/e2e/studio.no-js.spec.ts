import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { roomPhotoFile } from './helpers.ts'

// The no-javascript project runs this file with scripts off: the whole studio workflow as plain
// HTML forms, each a post answered with a redirect to the next step (?step=<name>).

const PASSWORD = 'plain-studio-2026'
// The local preview renderer is quick, but a batch still takes a few seconds; the page reloads itself.
const RENDER_TIMEOUT = 60_000
const PROJECT_URL = /\/property-studio\/[0-9a-f-]{36}(\?.*)?$/

async function register(page: Page, firstName: string) {
	const id = randomUUID().slice(0, 8)
	await page.goto('/register')
	await page.getByLabel('First name').fill(firstName)
	await page.getByLabel('Last name').fill('Tester')
	await page.getByLabel('Username').fill(`${firstName.toLowerCase()}_${id}`)
	await page.getByLabel('Email').fill(`${firstName.toLowerCase()}.${id}@example.com`)
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Confirm password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

test('the studio from a new property to the favourites, without JavaScript', async ({ page }) => {
	test.setTimeout(120_000)
	// Real photos: each room type is suggested by what its photo shows.
	const bedroom = roomPhotoFile('bedroom-01.jpg', 'IMG_0001.jpg')
	const kitchen = roomPhotoFile('kitchen-03.jpg', 'IMG_0002.jpg')
	await register(page, 'Nell')

	// A new property: 'New Property' is a link to ?new, its dialog a plain form.
	await page.goto('/property-studio')
	await page.getByRole('link', { name: 'New Property' }).click()
	const address = `3 Quay Street, Truro TR1 2HE (${randomUUID().slice(0, 6)})`
	await page.getByLabel('Property address').fill(address)
	await page.getByRole('button', { name: 'Create Property' }).click()
	await expect(page).toHaveURL(PROJECT_URL)
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()

	// Step 1: both photos in one post, with the furniture flag.
	await expect(stepHeading(page, 'Upload Photos')).toBeVisible()
	await expect(page.getByText('Step 1 of 7')).toBeVisible()
	await page.getByLabel('Room photos (JPG, PNG, WebP)').setInputFiles([bedroom, kitchen])
	await page.getByLabel('Contains furniture to remove').check()
	await page.getByRole('button', { name: 'Continue', exact: true }).click()

	// Step 2: the rooms exist now, typed by what their photos show; the kitchen is really a dining room.
	await expect(page).toHaveURL(/\?step=room-confirmation$/)
	await expect(stepHeading(page, 'Confirm Rooms')).toBeVisible()
	await expect(page.getByLabel('Room type for Bedroom')).toHaveValue('bedroom')
	await expect(page.getByLabel('Room type for Kitchen')).toHaveValue('kitchen')
	await page.getByLabel('Room type for Kitchen').selectOption('dining')
	await page.getByRole('button', { name: 'Continue', exact: true }).click()

	// Step 3: one post for every ticked room and style; nothing ticked is refused in the page.
	await expect(page).toHaveURL(/\?step=style-selection$/)
	await expect(stepHeading(page, 'Choose Styles')).toBeVisible()
	await page.getByRole('button', { name: 'Process Images' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'Select at least one style' })).toBeVisible()
	await page
		.getByRole('group', { name: 'Styles for Bedroom' })
		.getByRole('checkbox', { name: /^Modern\b/ })
		.check()
	await page
		.getByRole('group', { name: 'Styles for Dining Room' })
		.getByRole('checkbox', { name: /^Scandinavian\b/ })
		.check()
	await page.getByRole('button', { name: 'Process Images' }).click()

	// Step 4: the page refreshes itself until every variation is there.
	await expect(page).toHaveURL(/\?step=processing$/)
	await expect(page.getByText('Step 4 of 7')).toBeVisible()
	await expect(stepHeading(page, 'Rendos Ready!')).toBeVisible({ timeout: RENDER_TIMEOUT })
	await expect(page.getByText('6 of 6 variations ready')).toBeVisible()
	await page.getByRole('link', { name: 'View Gallery' }).last().click()

	// Step 5: a heart is a plain post, back to the gallery.
	await expect(page).toHaveURL(/\?step=results$/)
	await expect(stepHeading(page, 'Your Rendos')).toBeVisible()
	await expect(page.getByText('0 favorites selected')).toBeVisible()
	const carousel = page.getByRole('region', { name: 'Modern Bedroom variations' })
	const heart = carousel.getByRole('button', { name: 'Favorite Modern Bedroom, variation 1' })
	await expect(heart).toHaveAttribute('aria-pressed', 'false')
	await heart.click()
	await expect(page).toHaveURL(/\?step=results$/)
	await expect(page.getByText('1 favorite selected')).toBeVisible()
	await expect(
		page
			.getByRole('region', { name: 'Modern Bedroom variations' })
			.getByRole('button', { name: 'Favorite Modern Bedroom, variation 1' }),
	).toHaveAttribute('aria-pressed', 'true')

	// Remodel: one more variation of the style, asked for by a plain post.
	await carousel.getByRole('button', { name: 'Remodel Modern Bedroom' }).click()
	await expect(page).toHaveURL(/\?step=results$/)
	await expect(
		page.getByRole('region', { name: 'Modern Bedroom variations' }).getByText('1 of 4 variations'),
	).toBeVisible()

	// Step 6: the favourites, where a tile is a toggle too.
	await page.getByRole('link', { name: 'Select Favorites' }).click()
	await expect(page).toHaveURL(/\?step=selection$/)
	await expect(stepHeading(page, 'Review Your Favorites')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Favorite Bedroom · Modern 1' })).toHaveAttribute(
		'aria-pressed',
		'true',
	)
	const dining = page.getByRole('button', { name: 'Favorite Dining Room · Scandinavian 1' })
	await expect(dining).toHaveAttribute('aria-pressed', 'false')
	await dining.click()
	await expect(page).toHaveURL(/\?step=selection$/)
	await expect(page.getByRole('button', { name: 'Favorite Dining Room · Scandinavian 1' })).toHaveAttribute(
		'aria-pressed',
		'true',
	)
	await expect(page.getByText(/^2 favorites of \d+ variations$/)).toBeVisible()

	// Back is a link too.
	await page.getByRole('link', { name: 'Back to Gallery' }).click()
	await expect(stepHeading(page, 'Your Rendos')).toBeVisible()
	await expect(page.getByText('2 favorites selected')).toBeVisible()
})

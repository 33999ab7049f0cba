import { randomUUID } from 'node:crypto'
import type { Locator } from '@playwright/test'
import sharp from 'sharp'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'
import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'
import { builtBrochurePath, requestMultiRoomBrochure } from './multi-room-brochure.ts'

const PASSWORD = 'staging-2026'

// The local preview renderer and the PDF job are quick, but a brochure is still a few jobs.
const BROCHURE_TIMEOUT = 60_000

type Photo = { name: string; mimeType: string; buffer: Buffer }

async function photo(name: string, seed: number): Promise<Photo> {
	return { name, mimeType: 'image/jpeg', buffer: await makeRoomPhoto({ width: 640, height: 480, seed }) }
}

/**
 * Picks files through an input. A change made before React hydrates the page is lost, so it is
 * repeated until the page shows it took.
 */
async function pick(input: Locator, files: Photo[], took: Locator) {
	await expect(async () => {
		await input.setInputFiles(files)
		await expect(took).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })
}

test('the onboarding wizard from Company Details to the success screen', async ({ page }) => {
	// Four steps, each checked for accessibility, then the profile again: longer than one page's budget.
	test.setTimeout(60_000)
	const email = await signUp(page, 'Olive', PASSWORD)
	await page.goto('/agent-onboarding')
	await expect(page.getByRole('heading', { level: 1, name: 'Agent Onboarding' })).toBeVisible()
	await expect(page.getByRole('heading', { level: 2, name: 'Company Details' })).toBeVisible()

	// Step 1 needs the company and agent names.
	const next = page.getByRole('button', { name: 'Next' })
	await page.getByLabel('Agent name *').fill('')
	await expect(async () => {
		await next.click()
		await expect(page.getByText('Company name is required')).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })
	await expect(page.getByText('Agent name is required')).toBeVisible()
	await expectAccessible(page)
	await page.getByLabel('Company name *').fill('Harbour Homes')
	await page.getByLabel('Agent name *').fill('Olive Tester')
	await next.click()

	// Step 2 needs a valid e-mail (the account's is filled in).
	await expect(page.getByRole('heading', { level: 2, name: 'Contact Information' })).toBeVisible()
	await expect(page.getByLabel('Email *')).toHaveValue(email)
	await page.getByLabel('Email *').fill('olive@')
	await next.click()
	await expect(page.getByText('Valid email address is required')).toBeVisible()
	await page.getByLabel('Email *').fill(email)
	await page.getByLabel('Phone').fill('0117 496 0000')
	await page.getByLabel('Website').fill('https://harbourhomes.example')
	await next.click()

	// Step 3: a logo, and colours shown as swatches and on the cover preview.
	await expect(page.getByRole('heading', { level: 2, name: 'Brand Assets' })).toBeVisible()
	const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1d4ed8' } })
		.png()
		.toBuffer()
	await page
		.getByLabel('Logo', { exact: true })
		.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
	await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible()
	await page.getByLabel('Primary colour', { exact: true }).fill('#zz0000')
	await page.getByLabel('Primary colour', { exact: true }).blur()
	await expect(page.getByText('Must be a valid hex color')).toBeVisible()
	await expectAccessible(page)
	await page.getByLabel('Primary colour', { exact: true }).fill('#0f2a44')
	await expect(page.getByText('Must be a valid hex color')).toHaveCount(0)
	await expect(page.getByRole('img', { name: /Brochure cover preview: modern template in Inter/ })).toBeVisible()
	await next.click()

	// Step 4: font and template; the preview follows.
	await expect(page.getByRole('heading', { level: 2, name: 'Template Style' })).toBeVisible()
	await page.getByLabel('Font').selectOption('Playfair Display')
	await page.getByRole('radio', { name: /Luxury/ }).check()
	await expect(
		page.getByRole('img', { name: 'Brochure cover preview: luxury template in Playfair Display' }),
	).toBeVisible()
	// The "Virtually staged" label is on unless the agency says otherwise.
	const disclosure = page.getByRole('group', { name: '“Virtually staged” label' })
	await expect(disclosure.getByRole('radio', { name: 'Show the label' })).toBeChecked()
	await disclosure.getByRole('radio', { name: 'No label' }).check()
	await expectAccessible(page)

	// Back keeps what was typed.
	await page.getByRole('button', { name: 'Back' }).click()
	await expect(page.getByLabel('Primary colour', { exact: true })).toHaveValue('#0f2a44')
	await next.click()

	await page.getByRole('button', { name: 'Create Profile' }).click()
	await expect(page.getByRole('heading', { name: 'Your agent profile is ready' })).toBeVisible()
	await expect(page.getByText('Onboarding Complete!', { exact: true })).toBeVisible()
	await expect(page.getByText('Agent ID', { exact: true })).toBeVisible()
	await expect(page.getByText(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)).toBeVisible()
	await expect(page.getByText(`A confirmation email will follow shortly to ${email}.`)).toBeVisible()
	await expect(page.getByRole('link', { name: 'Preview Template' })).toHaveAttribute('href', '/test-brochure')
	await expectAccessible(page)
	await page.getByRole('link', { name: 'Go to Dashboard' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Olive')
	await expectAccessible(page)

	// The profile keeps the choice.
	await page.goto('/agent-onboarding')
	await expect(page.getByRole('heading', { level: 1, name: 'Your Agent Profile' })).toBeVisible()
	await expect(page.getByRole('radio', { name: 'No label', includeHidden: true })).toBeChecked()
})

test('a multi-room client preference with 3 photos reaches the confirmation screen, and resets', async ({ page }) => {
	const photos = await Promise.all([
		photo('living-room.jpg', 2),
		photo('kitchen.jpg', 4),
		photo('master-bedroom.jpg', 6),
	])
	await signUp(page, 'Piet', PASSWORD)
	await page.goto('/client-preferences')
	await expect(page.getByRole('heading', { level: 1, name: 'Client Preferences' })).toBeVisible()

	// The e-mail tab explains what is coming; the form is the way for now.
	await page.getByRole('tab', { name: 'Email Preferences' }).click()
	await expect(page.getByText('Email service coming soon')).toBeVisible()
	await expect(page.getByText('notes mailbox', { exact: false })).toBeVisible()
	await page.getByRole('tab', { name: 'Upload Property Image' }).click()

	const address = `12 Oak Street, Bristol BS1 4DJ (${randomUUID().slice(0, 6)})`
	await page.getByLabel('Client name *').fill('Jane Buyer')
	await page.getByLabel('Property address *').fill(address)
	await page.getByLabel('Style preference *').selectOption('scandinavian')
	await page.getByRole('radio', { name: /Multi-room brochure/ }).check()

	// One photo is not a multi-room brochure.
	const input = page.getByLabel('Room photos (2-10)')
	await pick(input, photos.slice(0, 1), page.getByText('1 photo selected', { exact: true }))
	await page.getByRole('button', { name: 'Submit Preferences' }).click()
	await expect(page.getByText('Insufficient room images').first()).toBeVisible()
	await expectAccessible(page)

	await input.setInputFiles(photos.slice(1))
	await expect(page.getByText('3 photos selected', { exact: true })).toBeVisible()
	await expect(page.getByLabel('Room type for living-room.jpg')).toHaveValue('living')
	await expect(page.getByLabel('Room type for kitchen.jpg')).toHaveValue('kitchen')
	await expect(page.getByLabel('Room type for master-bedroom.jpg')).toHaveValue('bedroom')
	await page.getByLabel('Room type for master-bedroom.jpg').selectOption('office')
	await expectAccessible(page)
	await page.getByRole('button', { name: 'Submit Preferences' }).click()

	const confirmation = page.getByRole('region', { name: 'Preferences Submitted' })
	await expect(confirmation).toBeVisible()
	await expect(confirmation.getByText(address)).toBeVisible()
	await expect(confirmation.getByText('Living Room, Kitchen, Office')).toBeVisible()
	await expect(confirmation.getByText('Scandinavian')).toBeVisible()
	await expectAccessible(page)

	await page.getByRole('button', { name: 'Submit Another Request' }).click()
	await expect(page.getByLabel('Client name *')).toHaveValue('')
	await expect(page.getByLabel('Property address *')).toHaveValue('')
	await expect(page.getByText(/photos? selected/)).toHaveCount(0)
	await expect(page.getByRole('radio', { name: /Single room/ })).toBeChecked()
})

test("the brochure dashboard's Send to Buyer dialog", async ({ page }) => {
	test.setTimeout(90_000)
	await signUp(page, 'Dora', PASSWORD)
	const address = `7 Mill Lane, Bath BA1 1AA (${randomUUID().slice(0, 6)})`
	await requestMultiRoomBrochure(page, {
		address,
		agentEmail: 'dora@example.com',
		photos: (await Promise.all([photo('lounge.jpg', 8), photo('kitchen.jpg', 9)])).map((p) => ({
			name: p.name,
			bytes: p.buffer,
			mimeType: p.mimeType,
		})),
	})

	await page.goto('/brochures')
	await expect(page.getByRole('heading', { level: 1, name: 'Brochure Dashboard' })).toBeVisible()
	const card = page.getByRole('article', { name: address })
	await expect(card.getByText('Client: Mia Buyer')).toBeVisible()
	await expect(card.getByText('Coastal')).toBeVisible()
	// The list refreshes itself until the brochure is built.
	await expect(card.getByText('Ready')).toBeVisible({ timeout: BROCHURE_TIMEOUT })
	await expect(card.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', /^\/api\/brochures\/[0-9a-f]{32}$/)
	await expect(card.getByText('0', { exact: true })).toBeVisible()
	await expectAccessible(page)

	// A link to ?send=<id>, so the dialog also opens without JavaScript; with it, it opens in place.
	await card.getByRole('link', { name: 'Send to Buyer' }).click()
	const dialog = page.getByRole('dialog', { name: 'Send to Buyer' })
	await expect(dialog).toBeVisible()
	await expect(dialog.getByLabel('Buyer name')).toHaveValue('Mia Buyer')
	await expect(dialog.getByLabel('Buyer email')).toHaveValue('')
	await expect(dialog.getByLabel('Personal message')).toHaveValue(/Thank you for viewing 7 Mill Lane/)
	const send = dialog.getByRole('button', { name: 'Send Brochure' })
	await expect(send).toBeDisabled()
	await dialog.getByLabel('Buyer email').fill('mia@example.com')
	await expect(send).toBeEnabled()
	await dialog.getByLabel('Buyer name').fill('')
	await expect(send).toBeDisabled()
	await dialog.getByLabel('Buyer name').fill('Mia B. Buyer')
	await expectAccessible(page)
	await send.click()

	await expect(page.getByText('Brochure Sent', { exact: true })).toBeVisible()
	await expect(dialog).toHaveCount(0)
	await expect(card.getByText(/(Sent|Sending) to mia@example.com/)).toBeVisible()
	await expect(card.getByText('Client: Mia B. Buyer')).toBeVisible()
})

test("a buyer's web brochure is in the agency's brand, readable even in its lightest colours", async ({ page }) => {
	test.setTimeout(90_000)
	await signUp(page, 'Noor', PASSWORD)
	// A yellow and a sky blue: white text would not read on either.
	const profile = new FormData()
	for (const [name, value] of Object.entries({
		companyName: 'Sunny Side Estates',
		agentName: 'Noor Agent',
		email: `noor.${randomUUID().slice(0, 8)}@sunnyside.example`,
		phone: '020 7946 0000',
		primaryColor: '#f5c518',
		secondaryColor: '#ffffff',
		accentColor: '#7dd3fc',
	}))
		profile.set(name, value)
	const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#f5c518' } })
		.png()
		.toBuffer()
	profile.set('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png')
	expect((await page.request.post('/api/onboard-agent', { multipart: profile })).ok()).toBe(true)

	const address = `2 Sun Street, Leeds LS1 1AA (${randomUUID().slice(0, 6)})`
	const form = new FormData()
	for (const [name, value] of Object.entries({
		clientName: 'Ola Buyer',
		propertyAddress: address,
		stylePreference: 'modern',
		agentEmail: 'noor@example.com',
	}))
		form.set(name, value)
	for (const p of await Promise.all([photo('lounge.jpg', 3), photo('kitchen.jpg', 5)]))
		form.append('property-images', new Blob([new Uint8Array(p.buffer)], { type: p.mimeType }), p.name)
	expect((await page.request.post('/api/client-preferences-multi-room', { multipart: form })).status()).toBe(201)
	const webUrl = await builtBrochurePath(page, BROCHURE_TIMEOUT)

	// The buyer opens it from the e-mail, signed out.
	await page.context().clearCookies()
	await page.goto(webUrl)
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
	const agencyLogo = page.getByRole('banner').getByRole('img', { name: 'Sunny Side Estates' })
	await expect.poll(() => agencyLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240)
	for (const rendo of [/Login/, /Pricing/, /Pioneer Program/, /Get Started/])
		await expect(page.getByRole('link', { name: rendo })).toHaveCount(0)
	const footer = page.getByRole('contentinfo')
	await expect(footer.getByText('Made with Rendo')).toBeVisible()
	await expect(footer.getByRole('link', { name: '020 7946 0000' })).toBeVisible()
	// The footer in the agency's yellow, its text dark enough to read there.
	expect(await footer.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(245, 197, 24)')
	expect(await footer.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(17, 17, 17)')
	await expectAccessible(page)
})

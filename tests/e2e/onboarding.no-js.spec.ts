import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'
import { signUp } from './helpers.ts'

// The same journeys as brochures.spec.ts with scripts off: plain multipart forms, the server's
// verdict rendered in the page, a redirect to the screen that follows.

const PASSWORD = 'staging-2026'

async function photos(...names: string[]) {
	return Promise.all(
		names.map(async (name, index) => ({
			name,
			mimeType: 'image/jpeg',
			buffer: await makeRoomPhoto({ width: 640, height: 480, seed: index + 1 }),
		})),
	)
}

async function fillClient(page: Page, address: string) {
	await page.getByLabel('Client name *').fill('Jane Buyer')
	await page.getByLabel('Property address *').fill(address)
}

test('the onboarding wizard is one form without JavaScript, from a refused logo to the success screen', async ({
	page,
}) => {
	await signUp(page, 'Nora', PASSWORD)
	await page.goto('/agent-onboarding')
	await expect(page.getByRole('heading', { level: 1, name: 'Agent Onboarding' })).toBeVisible()
	// Every step is a section of the one form.
	for (const step of ['Company Details', 'Contact Information', 'Brand Assets', 'Template Style'])
		await expect(page.getByRole('heading', { level: 2, name: step })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0)
	const email = await page.getByLabel('Email *').inputValue()
	expect(email).toMatch(/^nora\./)

	await page.getByLabel('Company name *').fill('Harbour Homes')
	await page.getByLabel('Agent name *').fill('Nora Tester')
	// A bare domain: no browser check stops it, and the server stores it with https://.
	await page.getByLabel('Website').fill('harbourhomes.co.uk')
	await page.getByLabel('Primary colour', { exact: true }).fill('#0f2a44')
	await page.getByLabel('Logo', { exact: true }).setInputFiles({
		name: 'logo.txt',
		mimeType: 'text/plain',
		buffer: Buffer.from('not a logo'),
	})
	await page.getByRole('button', { name: 'Create Profile' }).click()

	// The server refuses the logo; what was typed is still there.
	await expect(page.getByText('Please upload a PNG, JPG or SVG file.').first()).toBeVisible()
	await expect(page.getByRole('alert')).toContainText('Please upload a PNG, JPG or SVG file.')
	await expect(page.getByLabel('Company name *')).toHaveValue('Harbour Homes')
	await expect(page.getByLabel('Primary colour', { exact: true })).toHaveValue('#0f2a44')

	const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1d4ed8' } })
		.png()
		.toBuffer()
	await page
		.getByLabel('Logo', { exact: true })
		.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
	await page.getByLabel('Font').selectOption('Playfair Display')
	await page.getByRole('radio', { name: /Luxury/ }).check()
	await page.getByRole('radio', { name: 'No label' }).check()
	await page.getByRole('button', { name: 'Create Profile' }).click()

	await expect(page).toHaveURL(/\/agent-onboarding\?done=created$/)
	await expect(page.getByRole('heading', { name: 'Your agent profile is ready' })).toBeVisible()
	await expect(page.getByText('Your agent profile has been created successfully.')).toBeVisible()
	await expect(page.getByText(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)).toBeVisible()
	await expect(page.getByText(`A confirmation email will follow shortly to ${email}.`)).toBeVisible()
	await expect(page.getByRole('link', { name: 'Preview Template' })).toHaveAttribute('href', '/test-brochure')

	// The profile keeps every choice, the logo among them.
	await page.goto('/agent-onboarding')
	await expect(page.getByRole('heading', { level: 1, name: 'Your Agent Profile' })).toBeVisible()
	await expect(page.getByLabel('Company name *')).toHaveValue('Harbour Homes')
	await expect(page.getByLabel('Website')).toHaveValue('https://harbourhomes.co.uk')
	await expect(page.getByLabel('Font')).toHaveValue('Playfair Display')
	await expect(page.getByRole('radio', { name: /Luxury/ })).toBeChecked()
	await expect(page.getByRole('radio', { name: 'No label' })).toBeChecked()
	await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible()
})

test('a multi-room client preference with photos reaches its confirmation without JavaScript', async ({ page }) => {
	await signUp(page, 'Paul', PASSWORD)
	await page.goto('/client-preferences')
	await expect(page.getByRole('heading', { level: 1, name: 'Client Preferences' })).toBeVisible()

	// The brochure type is part of the form's address: a link per mode.
	await page.getByRole('link', { name: /Multi-room brochure/ }).click()
	await expect(page).toHaveURL(/\?intent=multi$/)
	await expect(page.getByRole('link', { name: /Multi-room brochure/ })).toHaveAttribute('aria-current', 'true')

	const address = `12 Oak Street, Bristol BS1 4DJ (${randomUUID().slice(0, 6)})`
	await fillClient(page, address)
	await page.getByLabel('Style preference *').selectOption('scandinavian')
	const [living, kitchen, bedroom] = await photos('living-room.jpg', 'kitchen.jpg', 'master-bedroom.jpg')

	// One photo is not a multi-room brochure: the server says so, and keeps what was typed.
	await page.getByLabel('Room photos (2-10)').setInputFiles([living])
	await page.getByRole('button', { name: 'Submit Preferences' }).click()
	await expect(page.getByText('Insufficient room images').first()).toBeVisible()
	await expect(page.getByRole('alert')).toContainText('Multi-room submission failed: Bad Request')
	await expect(page.getByLabel('Client name *')).toHaveValue('Jane Buyer')
	await expect(page.getByLabel('Property address *')).toHaveValue(address)
	await expect(page.getByLabel('Style preference *')).toHaveValue('scandinavian')

	await page.getByLabel('Room photos (2-10)').setInputFiles([living, kitchen, bedroom])
	await page.getByRole('button', { name: 'Submit Preferences' }).click()

	// Room types are guessed from the file names.
	const confirmation = page.getByRole('region', { name: 'Preferences Submitted' })
	await expect(confirmation).toBeVisible()
	await expect(confirmation.getByText(address)).toBeVisible()
	await expect(confirmation.getByText('Living Room, Kitchen, Bedroom')).toBeVisible()
	await expect(confirmation.getByText('Scandinavian')).toBeVisible()

	// Another request starts from an empty single-room form.
	await page.getByRole('button', { name: 'Submit Another Request' }).click()
	await expect(page.getByLabel('Client name *')).toHaveValue('')
	await expect(page.getByLabel('Property photo')).toBeVisible()
	await expect(page.getByRole('link', { name: /Single room/ })).toHaveAttribute('aria-current', 'true')
})

test('the multi-room demo reaches its confirmation without JavaScript', async ({ page }) => {
	await signUp(page, 'Demi', PASSWORD)
	await page.goto('/multi-room-demo')
	const address = `3 Mill Lane, Bath BA1 1AA (${randomUUID().slice(0, 6)})`

	// No photo: the server's message, under the picker.
	await fillClient(page, address)
	await page.getByRole('button', { name: 'Generate Multi-Room Brochure' }).click()
	await expect(page.getByText('Please upload at least one room image to continue')).toBeVisible()
	await expect(page.getByLabel('Client name *')).toHaveValue('Jane Buyer')

	await page.getByLabel('Quality level').selectOption('premium')
	await page.getByLabel('Room images (up to 10)').setInputFiles(await photos('kitchen.jpg', 'bathroom.jpg'))
	await page.getByRole('button', { name: 'Generate Multi-Room Brochure' }).click()

	const confirmation = page.getByRole('region', { name: 'Preferences Submitted' })
	await expect(confirmation).toBeVisible()
	await expect(confirmation.getByText(address)).toBeVisible()
	await expect(confirmation.getByText('Kitchen, Bathroom')).toBeVisible()
	await expect(confirmation.getByText('Premium')).toBeVisible()
	await page.getByRole('button', { name: 'Create Another Brochure' }).click()
	await expect(page.getByRole('button', { name: 'Generate Multi-Room Brochure' })).toBeVisible()
})

import { randomUUID } from 'node:crypto'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'
import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'

// The server's side of the onboarding wizard and the multi-room demo with scripts on: what the
// page's action refuses comes back in place, with the spec's toasts.

const PASSWORD = 'staging-2026'

test('an e-mail another agent uses is refused by the server: the wizard returns to its step, with the toast', async ({
	page,
}) => {
	// Another agent's profile holds the address first (through the JSON door the CLI uses).
	const taken = `front.desk.${randomUUID().slice(0, 8)}@harbourhomes.example`
	await signUp(page, 'Owen', PASSWORD)
	const first = await page.request.post('/api/onboard-agent', {
		multipart: { companyName: 'Harbour Homes', agentName: 'Owen Tester', email: taken },
	})
	expect(first.status()).toBe(201)
	await page.context().clearCookies()

	await signUp(page, 'Tara', PASSWORD)
	await page.goto('/agent-onboarding')
	await page.getByLabel('Company name *').fill('Tide Lettings')
	await page.getByLabel('Agent name *').fill('Tara Tester')
	const next = page.getByRole('button', { name: 'Next' })
	await expect(async () => {
		await next.click()
		await expect(page.getByRole('heading', { level: 2, name: 'Contact Information' })).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })
	await page.getByLabel('Email *').fill(taken)
	await next.click()
	await next.click()
	await page.getByRole('button', { name: 'Create Profile' }).click()

	await expect(page.getByText('Onboarding Failed', { exact: true })).toBeVisible()
	await expect(page.getByRole('heading', { level: 2, name: 'Contact Information' })).toBeVisible()
	await expect(page.getByLabel('Email *')).toHaveValue(taken)
	await expect(page.getByText('Another agent profile already uses this email address').first()).toBeVisible()
	await expectAccessible(page)
})

test('the website takes a bare domain, stored with https://; what is no web address is refused with one message', async ({
	page,
}) => {
	await signUp(page, 'Wren', PASSWORD)
	await page.goto('/agent-onboarding')
	await page.getByLabel('Company name *').fill('Harbour Homes')
	await page.getByLabel('Agent name *').fill('Wren Tester')
	const next = page.getByRole('button', { name: 'Next' })
	const contact = page.getByRole('heading', { level: 2, name: 'Contact Information' })
	await expect(async () => {
		await next.click()
		await expect(contact).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })

	const website = page.getByLabel('Website')
	await website.fill('harbour homes')
	await next.click()
	await expect(contact).toBeVisible()
	const refused = page.getByText('Please enter a valid URL', { exact: true })
	await expect(refused).toBeVisible()
	await expect(refused).toHaveCount(1)
	await expectAccessible(page)

	await website.fill('harbourhomes.co.uk')
	await expect(refused).toHaveCount(0)
	await next.click()
	await expect(page.getByRole('heading', { level: 2, name: 'Brand Assets' })).toBeVisible()
	await next.click()
	await page.getByRole('button', { name: 'Create Profile' }).click()
	await expect(page.getByRole('heading', { name: 'Your agent profile is ready' })).toBeVisible()

	await page.goto('/agent-onboarding')
	await expect(page.getByLabel('Website')).toHaveValue('https://harbourhomes.co.uk')
	await expectAccessible(page)
})

test('the multi-room demo sends its photos to the confirmation, with the success toast', async ({ page }) => {
	await signUp(page, 'Dora', PASSWORD)
	await page.goto('/multi-room-demo')
	await expect(page.getByRole('heading', { level: 1, name: 'Multi-Room Brochure' })).toBeVisible()
	const address = `3 Mill Lane, Bath BA1 1AA (${randomUUID().slice(0, 6)})`
	await page.getByLabel('Client name *').fill('Jane Buyer')
	await page.getByLabel('Property address *').fill(address)
	await page.getByLabel('Lighting preference').selectOption('warm')

	const photo = {
		name: 'kitchen.jpg',
		mimeType: 'image/jpeg',
		buffer: await makeRoomPhoto({ width: 640, height: 480 }),
	}
	const input = page.getByLabel('Room images (up to 10)')
	// A pick before React hydrates the page is lost: repeat until the list shows it.
	await expect(async () => {
		await input.setInputFiles([photo])
		await expect(page.getByText('1 photo selected', { exact: true })).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })
	await page.getByLabel('Room type for kitchen.jpg').selectOption('dining')
	await expectAccessible(page)
	await page.getByRole('button', { name: 'Generate Multi-Room Brochure' }).click()

	const confirmation = page.getByRole('region', { name: 'Preferences Submitted' })
	await expect(confirmation).toBeVisible()
	await expect(page.getByText('Multi-room preference submitted successfully', { exact: true })).toBeVisible()
	await expect(confirmation.getByText(address)).toBeVisible()
	await expect(confirmation.getByText('Dining Room')).toBeVisible()
	await expect(confirmation.getByText('Warm')).toBeVisible()
	await expectAccessible(page)

	await page.getByRole('button', { name: 'Create Another Brochure' }).click()
	await expect(page.getByLabel('Client name *')).toHaveValue('')
	await expect(page.getByText(/photos? selected/)).toHaveCount(0)
	await expectAccessible(page)
})

import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'
import { email, fillTrial, roomPhoto } from './trial.ts'

// The no-javascript project runs this file with scripts off: every form here is a plain HTML post.

const PASSWORD = 'plain-html-2026'
// The local preview renderer and the PDF job are quick, but a brochure is still a few jobs.
const BROCHURE_TIMEOUT = 60_000

/** Fills the new-account fields; /register also asks for a username, /agent-register does not. */
async function fillNewAccount(page: Page, firstName: string) {
	const id = randomUUID().slice(0, 8)
	await page.getByLabel('First name').fill(firstName)
	await page.getByLabel('Last name').fill('Tester')
	const username = page.getByLabel('Username')
	if (await username.count()) await username.fill(`${firstName.toLowerCase()}_${id}`)
	await page.getByLabel('Email').fill(`${firstName.toLowerCase()}.${id}@example.com`)
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Confirm password').fill(PASSWORD)
}

async function register(page: Page, firstName: string) {
	await page.goto('/register')
	await fillNewAccount(page, firstName)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	await expect(page.getByRole('heading', { level: 1 })).toContainText(firstName)
}

test('an agent registers at /agent-register, and the server checks the passwords', async ({ page }) => {
	await page.goto('/agent-register')
	await fillNewAccount(page, 'Nadia')
	await page.getByLabel('Confirm password').fill(`${PASSWORD}-typo`)
	await page.getByRole('button', { name: 'Create Agent Account' }).click()
	await expect(page.getByText("Passwords don't match")).toBeVisible()

	await fillNewAccount(page, 'Nadia')
	await page.getByRole('button', { name: 'Create Agent Account' }).click()
	await expect(page.getByRole('heading', { name: /^(Pioneer Agent #\d+|Welcome to Rendo!)$/ })).toBeVisible()
	await page.getByRole('link', { name: 'Go to Dashboard' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Nadia')
})

test('a brochure sent to a buyer, rebuilt, and a test brochure generated', async ({ page }) => {
	test.setTimeout(120_000)
	await register(page, 'Bruno')
	const address = `3 Quay Street, Bristol BS1 4DB (${randomUUID().slice(0, 6)})`
	const form = new FormData()
	for (const [name, value] of Object.entries({
		clientName: 'Ola Buyer',
		propertyAddress: address,
		stylePreference: 'coastal',
		agentEmail: 'bruno@example.com',
	}))
		form.set(name, value)
	for (const seed of [3, 5])
		form.append(
			'property-images',
			new Blob([new Uint8Array(await makeRoomPhoto({ width: 640, height: 480, seed }))], { type: 'image/jpeg' }),
			`room-${seed}.jpg`,
		)
	expect((await page.request.post('/api/client-preferences-multi-room', { multipart: form })).status()).toBe(201)

	// Without scripts the list does not refresh itself: reload until the brochure is built.
	const card = page.getByRole('article', { name: address })
	await expect(async () => {
		await page.goto('/brochures')
		await expect(card.getByText('Ready')).toBeVisible({ timeout: 1_000 })
	}).toPass({ timeout: BROCHURE_TIMEOUT })

	// Send to Buyer is a link to ?send=<id>: the server renders the dialog open.
	await card.getByRole('link', { name: 'Send to Buyer' }).click()
	await expect(page).toHaveURL(/\/brochures\?send=[0-9a-f-]+$/)
	const dialog = page.getByRole('dialog')
	await expect(dialog.getByRole('heading', { name: 'Send to Buyer' })).toBeVisible()
	await expect(dialog.getByLabel('Buyer name')).toHaveValue('Ola Buyer')
	await expect(dialog.getByLabel('Personal message')).toHaveValue(/Thank you for viewing 3 Quay Street/)
	// The browser lets this address through; the server's rule does not, and the dialog comes back with it.
	await dialog.getByLabel('Buyer email').fill('ola@localhost')
	await dialog.getByRole('button', { name: 'Send Brochure' }).click()
	await expect(dialog.getByText('Valid email address is required')).toBeVisible()
	await expect(dialog.getByLabel('Buyer email')).toHaveValue('ola@localhost')
	await dialog.getByLabel('Buyer email').fill('ola@example.com')
	await dialog.getByRole('button', { name: 'Send Brochure' }).click()
	await expect(page).toHaveURL(/\/brochures$/)
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(card.getByText(/(Sent|Sending) to ola@example.com/)).toBeVisible()

	// Cancel is a link back to the dashboard.
	await card.getByRole('link', { name: 'Send to Buyer' }).click()
	await dialog.getByRole('link', { name: 'Cancel' }).click()
	await expect(page).toHaveURL(/\/brochures$/)
	await expect(page.getByRole('dialog')).toHaveCount(0)

	await card.getByRole('button', { name: 'Rebuild' }).click()
	await expect(page).toHaveURL(/\/brochures$/)
	await expect(card).toBeVisible()

	await page.goto('/test-brochure')
	await page.getByRole('button', { name: 'Generate Test Brochure' }).click()
	const generated = page.getByRole('region', { name: 'Generated brochure' })
	await expect(generated.getByText(/^Test brochure generated in your \w+ template$/)).toBeVisible()
	await expect(generated.getByRole('link', { name: 'Download Brochure' })).toHaveAttribute(
		'href',
		/^\/api\/brochures\/[0-9a-f]{32}$/,
	)
})

test('an issue reported, then read and answered in My Tickets', async ({ page }) => {
	await register(page, 'Iris')
	await page.goto('/report-issue')
	await page.getByLabel('Issue type *').selectOption('download-failed')
	const description = `The ZIP never arrives ${randomUUID().slice(0, 6)}`
	await page.getByLabel('Description *').fill(description)
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByRole('heading', { name: 'Issue Reported Successfully' })).toBeVisible()
	const ticketNumber = (await page.getByTestId('ticket-number').textContent())!.trim()

	await page.goto('/my-tickets')
	const ticket = page.getByRole('article').filter({ hasText: ticketNumber })
	await expect(ticket.getByText(description)).toBeVisible()
	await ticket.getByLabel('Your reply').fill('It happens on every property.')
	await ticket.getByRole('button', { name: 'Send Reply' }).click()
	await expect(page).toHaveURL(/\/my-tickets$/)
	await expect(ticket.getByRole('list', { name: 'Replies' })).toContainText('It happens on every property.')
})

test('the free trial: in progress, then already tried, and a bad file refused', async ({ page }) => {
	const address = email()
	for (const heading of ['Transformation in Progress!', "You've Already Tried Rendo!"]) {
		await page.goto('/')
		await fillTrial(page, address)
		await page.getByLabel('Room photo').setInputFiles(await roomPhoto())
		await page.getByRole('button', { name: 'Transform My Photo' }).click()
		await expect(page.getByRole('heading', { name: heading })).toBeVisible()
	}
	// Try Different Email is a plain GET of the landing page: an empty form again.
	await page.getByRole('button', { name: 'Try Different Email' }).click()
	await expect(page.locator('#try-it-free').getByLabel('Name')).toHaveValue('')

	// A bad file is refused by the server, and the form comes back with what was typed.
	await fillTrial(page, email())
	await page
		.getByLabel('Room photo')
		.setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') })
	await page.getByRole('button', { name: 'Transform My Photo' }).click()
	await expect(page.getByText('Please select an image file (JPEG, PNG, etc.)')).toBeVisible()
	await expect(page.locator('#try-it-free').getByLabel('Name')).toHaveValue('Vera Visitor')
})

test('the quick transform: a refusal shown in the page, then an upload that starts', async ({ page }) => {
	await register(page, 'Theo')
	await page.goto('/transform')
	// The listing-URL source is there without scripts too (the radio shows it).
	const source = page.getByRole('group', { name: 'Photo source' })
	await source.getByText('Listing URL').click()
	await expect(page.getByRole('textbox', { name: 'Listing URL' })).toBeVisible()
	await expect(page.getByLabel('Property photo')).toBeHidden()
	await source.getByText('Upload a photo').click()
	await page.getByRole('button', { name: 'Transform Property' }).click()
	await expect(page.getByRole('alert')).toContainText('No file selected')

	await page.getByLabel('Style').selectOption('rustic')
	await page.getByRole('checkbox', { name: 'Exterior' }).check()
	await page.getByLabel('Property photo').setInputFiles(await roomPhoto())
	await page.getByRole('button', { name: 'Transform Property' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
})

import { randomUUID } from 'node:crypto'
import type { Browser } from '@playwright/test'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'
import { expect, expectAccessible, test } from './axe.ts'
import { registerAgent } from './helpers.ts'
import { createAdmin } from './staff-accounts.ts'

const PASSWORD = 'support-2026'

async function signInAs(browser: Browser, username: string) {
	const context = await browser.newContext()
	const page = await context.newPage()
	await page.goto('/login')
	await expectAccessible(page, { once: 'the empty sign-in form' })
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page).not.toHaveURL(/\/login/)
	// staff land on the dashboard too, with the staff's links
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expectAccessible(page, { once: "a new admin's dashboard" })
	return page
}

test('an agent reports an issue; an admin starts work, adds an internal note and resolves it', async ({
	page,
	browser,
}) => {
	test.setTimeout(60_000)
	await registerAgent(page, 'Rita', PASSWORD)
	await page.goto('/report-issue')
	await expect(page.getByRole('heading', { level: 1, name: 'Report an Issue' })).toBeVisible()
	await expect(page.getByLabel('Project')).toHaveValue('')

	// the spec's message when the description is missing
	await page.getByLabel('Issue type *').selectOption('gallery-loading')
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByText('Missing Information', { exact: true })).toBeVisible()
	await expectAccessible(page)

	const description = `Gallery spins forever ${randomUUID().slice(0, 6)}`
	await page.getByLabel('Description *').fill(description)
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByRole('heading', { name: 'Issue Reported Successfully' })).toBeVisible()
	const ticketNumber = (await page.getByTestId('ticket-number').textContent())!.trim()
	expect(ticketNumber).toMatch(/^RND-\d{4}-\d{6}$/)
	await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Report Another Issue' })).toBeVisible()
	await expectAccessible(page)

	const admin = await signInAs(browser, createAdmin(PASSWORD))
	await admin.goto('/devops-dashboard')
	await expect(admin.getByRole('heading', { level: 1, name: 'DevOps Dashboard' })).toBeVisible()
	await expect(admin.getByRole('link', { name: 'Back to Rendo Ops' })).toBeVisible()
	const card = admin.getByTestId('ticket-card').filter({ hasText: ticketNumber })
	await expect(card).toContainText(description)
	await expect(card).toContainText('Rita Tester')
	await expect(card.getByText('Open', { exact: true })).toBeVisible()
	await expectAccessible(admin)

	await card.getByRole('button', { name: 'Start Work' }).click()
	await expect(card.getByText('In Progress', { exact: true })).toBeVisible()
	await expect(card.getByRole('button', { name: 'Resolve' })).toBeVisible()

	await card.getByRole('link', { name: 'View Details' }).click()
	const dialog = admin.getByRole('dialog')
	await expect(dialog).toContainText(ticketNumber)
	await dialog.getByLabel('Add a comment').fill('Checked the CDN logs: cache miss storm')
	await dialog.getByLabel('Internal note (not visible to customer)').check()
	await dialog.getByRole('button', { name: 'Add Comment' }).click()
	await expect(admin.getByText('Your comment has been added to the ticket.', { exact: true })).toBeVisible()
	await expect(dialog.getByText('Checked the CDN logs: cache miss storm')).toBeVisible()
	await expect(dialog.getByText('Internal', { exact: true })).toBeVisible()
	await dialog.getByLabel('Add a comment').fill('We are clearing the cache now')
	await dialog.getByRole('button', { name: 'Add Comment' }).click()
	await expect(dialog.getByText('We are clearing the cache now')).toBeVisible()
	await expectAccessible(admin)
	// a change saves at once: the priority on choosing it, the assignee on leaving the field
	await dialog.getByLabel('Priority').selectOption('critical')
	await expect(card.getByText('critical', { exact: true })).toBeVisible()
	await dialog.getByLabel('Assigned to').fill('Sam')
	await dialog.getByLabel('Assigned to').blur()
	await expect(card).toContainText('Sam')
	await expect(dialog.getByLabel('Assigned to')).toHaveValue('Sam')
	await dialog.getByRole('link', { name: 'Close' }).click()
	await expect(dialog).toBeHidden()

	// The agent follows it on My Tickets: the public reply, never the internal note; and answers.
	await page.goto('/my-tickets')
	const mine = page.getByRole('article').filter({ hasText: ticketNumber })
	await expect(mine.getByText('In Progress', { exact: true })).toBeVisible()
	await expect(mine.getByText('We are clearing the cache now')).toBeVisible()
	await expect(mine.getByText('Checked the CDN logs')).toHaveCount(0)
	await mine.getByLabel('Your reply').fill('Thanks, it loads again')
	await mine.getByRole('button', { name: 'Send Reply' }).click()
	await expect(page.getByText('Reply sent', { exact: true })).toBeVisible()
	await expect(
		page.getByRole('article').filter({ hasText: ticketNumber }).getByText('Thanks, it loads again'),
	).toBeVisible()
	await expectAccessible(page)

	await card.getByRole('button', { name: 'Resolve' }).click()
	await expect(card.getByText('Resolved', { exact: true })).toBeVisible()
	await admin.getByRole('link', { name: 'Resolved', exact: true }).click()
	await expect(admin).toHaveURL(/status=resolved/)
	await expect(admin.getByTestId('ticket-card').filter({ hasText: ticketNumber })).toBeVisible()
	await expectAccessible(admin)
	await admin.context().close()
})

test('an agent opening the DevOps dashboard sees Access Denied', async ({ page }) => {
	await registerAgent(page, 'Ned', PASSWORD)
	await page.goto('/devops-dashboard')
	await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
	await expectAccessible(page)
})

test('the operations dashboard renders all five tabs from seeded data', async ({ page, browser }) => {
	test.setTimeout(90_000)
	const agentEmail = await registerAgent(page, 'Olga', PASSWORD)
	// seed: a project with a rendered room, through the same APIs the studio uses
	const project = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: '4 Seed Street' },
	})
	const { id: projectId } = (await project.json()) as { id: string }
	const upload = await page.request.post('/api/property-studio/upload-image', {
		multipart: {
			image: { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await makeRoomPhoto({ width: 640, height: 480 }) },
			projectId,
			roomType: 'kitchen',
			roomName: '',
			hasFurniture: 'false',
		},
	})
	expect(upload.status()).toBe(201)
	const { roomId } = (await upload.json()) as { roomId: string }
	const processing = await page.request.post(`/api/property-studio/rooms/${roomId}/process`, {
		data: { styles: ['modern'], variationCount: 1 },
	})
	expect(processing.status()).toBe(202)
	await expect(async () => {
		const variations = (await (
			await page.request.get(`/api/property-studio/projects/${projectId}/variations`)
		).json()) as Array<{ status: string }>
		expect(variations.every((v) => v.status === 'completed')).toBe(true)
	}).toPass({ timeout: 60_000 })

	const admin = await signInAs(browser, createAdmin(PASSWORD))
	await admin.goto('/rendo-ops')
	await expect(admin.getByRole('heading', { level: 1, name: 'Rendo Ops' })).toBeVisible()
	await expect(admin.getByText('Images processed today')).toBeVisible()
	await expect(admin.getByRole('region', { name: 'Break-even Analysis' })).toContainText('Total build cost')

	const tab = (name: string) => admin.getByRole('tab', { name })
	await expect(tab('Financial')).toHaveAttribute('aria-selected', 'true')
	await expect(admin.getByRole('tabpanel')).toContainText('Gross profit')
	await expectAccessible(admin)
	await tab('Economics').click()
	await expect(admin.getByRole('tabpanel')).toContainText('£5K MRR')
	await tab('Agents').click()
	await expect(admin.getByRole('tabpanel').getByRole('row').filter({ hasText: agentEmail })).toBeVisible()
	await expectAccessible(admin)
	await tab('API Capacity').click()
	await expect(admin.getByRole('tabpanel')).toContainText('Recommended Upgrade Tier')
	await expectAccessible(admin)
	// keyboard: the arrow key moves to the next tab
	await tab('API Capacity').press('ArrowRight')
	await expect(tab('Growth')).toHaveAttribute('aria-selected', 'true')
	await expect(admin.getByRole('tabpanel')).toContainText('Agent Acquisition per Month')
	await expectAccessible(admin)
	await admin.context().close()
})

test('a quick transform from /transform shows up on the admin dashboard', async ({ page, browser }) => {
	test.setTimeout(90_000)
	// the landing page carries the same form in its #transform section
	await page.goto('/#transform')
	await expect(page.getByRole('heading', { level: 2, name: 'Transform Your Property' })).toBeVisible()
	await expect(page.locator('#transform').getByRole('button', { name: 'Transform Property' })).toBeVisible()
	await expectAccessible(page, { once: 'the landing page' })
	await page.goto('/transform')
	await expect(page.getByText('Please log in or register to transform photos')).toBeVisible()
	await expectAccessible(page)
	await registerAgent(page, 'Tess', PASSWORD)
	await page.goto('/transform')
	await expect(page.getByRole('heading', { level: 1, name: 'Transform Your Property' })).toBeVisible()
	await expect(page.getByRole('checkbox', { name: 'Kitchen' })).toBeChecked()
	await expectAccessible(page)
	await page.getByLabel('Style').selectOption('rustic')
	const photo = { name: 'lounge.jpg', mimeType: 'image/jpeg', buffer: await makeRoomPhoto({ width: 640, height: 480 }) }
	// a file picked before React hydrates is lost: pick again until the submit is accepted
	await expect(async () => {
		await page.getByLabel('Property photo').setInputFiles(photo)
		await page.getByRole('button', { name: 'Transform Property' }).click()
		await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 })
	}).toPass({ timeout: 30_000 })

	const admin = await signInAs(browser, createAdmin(PASSWORD))
	await admin.goto('/admin-dashboard')
	await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
	await expect(admin.getByText('Awaiting Live Data')).toBeVisible()
	await expectAccessible(admin)
	await admin.getByRole('tab', { name: 'All Transformations' }).click()
	await admin.getByLabel('Search transformations').fill('rustic')
	await expect(admin.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Rustic' }).first()).toBeVisible()
	await admin.getByLabel('Search transformations').fill('no-such-thing-at-all')
	await expect(admin.getByText('No transformations match your search')).toBeVisible()
	await admin.getByLabel('Search transformations').fill('rustic')
	await admin
		.getByRole('tabpanel')
		.getByRole('link', { name: /^View transformation/ })
		.first()
		.click()
	const dialog = admin.getByRole('dialog', { name: 'Transformation Details' })
	await expect(dialog.getByRole('img', { name: 'Before image' })).toBeVisible()
	await expect(dialog.getByText('Kitchen')).toBeVisible()
	await expectAccessible(admin)
	await admin.context().close()
})

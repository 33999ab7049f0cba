import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'
import { test as base, expect, expectAccessible } from './axe.ts'
import { signUp } from './helpers.ts'
import { createAdmin } from './staff-accounts.ts'

const PASSWORD = 'support-2026'

const port = Number(process.env.E2E_PORT ?? 3210)

// One administrator per worker, signed in once: staff accounts come from the CLI, a process start too slow to
// repeat in each test. `admin` is a page of their session; one test signs in through the form.
const test = base.extend<{ admin: Page }, { adminSession: { email: string; storageState: StorageState } }>({
	adminSession: [
		async ({ playwright }, use) => {
			const email = createAdmin(PASSWORD)
			const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}` })
			const login = await api.post('/api/auth/login', { data: { username: email, password: PASSWORD } })
			expect(login.ok()).toBe(true)
			const storageState = await api.storageState()
			await api.dispose()
			await use({ email, storageState })
		},
		{ scope: 'worker' },
	],
	// After the accessibility fixture, which watches the contexts a test opens: every admin page is scanned.
	admin: async ({ browser, adminSession, accessibilityCoverage: _ }, use) => {
		const context = await browser.newContext({ storageState: adminSession.storageState })
		await use(await context.newPage())
		await context.close()
	},
})
type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>

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

/** A ticket an agent reported through the HTTP API (as the CLI and the bot do), the agent signed in on `page`. */
async function reportedTicket(page: Page, firstName: string) {
	await signUp(page, firstName, PASSWORD)
	const description = `Gallery spins forever ${randomUUID().slice(0, 6)}`
	const reported = await page.request.post('/api/report-issue', {
		data: { projectId: null, issueType: 'gallery-loading', description },
	})
	expect(reported.status()).toBe(201)
	const { ticketNumber, ticketId } = (await reported.json()) as { ticketNumber: string; ticketId: string }
	return { description, ticketNumber, ticketId }
}

/** The support dashboard's JSON API, as the admin whose page this is. */
function staffApi(admin: Page) {
	return {
		async startWork(ticketId: string) {
			expect((await admin.request.post(`/api/devops/tickets/${ticketId}/start-work`)).ok()).toBe(true)
		},
		async comment(ticketId: string, comment: string, isInternal: boolean) {
			const answer = await admin.request.post(`/api/devops/tickets/${ticketId}/comments`, {
				data: { comment, isInternal },
			})
			expect(answer.status()).toBe(201)
		},
	}
}

// The ticket's life, one step a test: reported, worked on by staff, followed by the agent, resolved.

test('an agent reports an issue: a missing description is named, then the ticket number is shown', async ({ page }) => {
	await signUp(page, 'Rita', PASSWORD)
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
	// The success's toast replaced the refusal's: no 'Missing Information' beside the ticket number.
	const toasts = page.getByRole('region', { name: /^Notifications/ })
	await expect(toasts.getByText(`Ticket ${ticketNumber}`, { exact: true })).toBeVisible()
	await expect(toasts.getByText('Missing Information', { exact: true })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Report Another Issue' })).toBeVisible()
	await expectAccessible(page)
})

test('an admin starts work on a new ticket from the list, and sets its priority and assignee in its details', async ({
	page,
	admin,
}) => {
	const { description, ticketNumber } = await reportedTicket(page, 'Rita')
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
	// a change saves at once: the priority on choosing it, the assignee on leaving the field
	await dialog.getByLabel('Priority').selectOption('critical')
	await expect(card.getByText('critical', { exact: true })).toBeVisible()
	await dialog.getByLabel('Assigned to').fill('Sam')
	await dialog.getByLabel('Assigned to').blur()
	await expect(card).toContainText('Sam')
	await expect(dialog.getByLabel('Assigned to')).toHaveValue('Sam')
	await expectAccessible(admin)
	await dialog.getByRole('link', { name: 'Close' }).click()
	await expect(dialog).toBeHidden()
})

test("an admin adds an internal note and a reply in a ticket's details", async ({ page, admin }) => {
	const { ticketNumber, ticketId } = await reportedTicket(page, 'Rita')
	await staffApi(admin).startWork(ticketId)
	await admin.goto('/devops-dashboard')
	const card = admin.getByTestId('ticket-card').filter({ hasText: ticketNumber })
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
})

test('the agent follows the ticket on My Tickets: the public reply, never the internal note; and answers', async ({
	page,
	admin,
}) => {
	const { ticketNumber, ticketId } = await reportedTicket(page, 'Rita')
	const staff = staffApi(admin)
	await staff.startWork(ticketId)
	await staff.comment(ticketId, 'Checked the CDN logs: cache miss storm', true)
	await staff.comment(ticketId, 'We are clearing the cache now', false)

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
})

test('an admin signs in, resolves a ticket in progress and finds it under Resolved', async ({
	page,
	browser,
	admin,
	adminSession,
}) => {
	const { ticketNumber, ticketId } = await reportedTicket(page, 'Rita')
	await staffApi(admin).startWork(ticketId)
	const signedIn = await signInAs(browser, adminSession.email)
	await signedIn.goto('/devops-dashboard')
	const card = signedIn.getByTestId('ticket-card').filter({ hasText: ticketNumber })
	await expect(card.getByText('In Progress', { exact: true })).toBeVisible()
	await card.getByRole('button', { name: 'Resolve' }).click()
	await expect(card.getByText('Resolved', { exact: true })).toBeVisible()
	await signedIn.getByRole('link', { name: 'Resolved', exact: true }).click()
	await expect(signedIn).toHaveURL(/status=resolved/)
	await expect(signedIn.getByTestId('ticket-card').filter({ hasText: ticketNumber })).toBeVisible()
	await expectAccessible(signedIn)
	await signedIn.context().close()
})

test('an agent opening the DevOps dashboard sees Access Denied', async ({ page }) => {
	await signUp(page, 'Ned', PASSWORD)
	// The page's scripts send them on 3 s after it runs: held back until it is scanned, however slow the machine.
	let releaseScripts!: () => void
	const released = new Promise<void>((resolve) => (releaseScripts = resolve))
	await page.route(/\/assets\/.+\.js$/, async (route) => {
		await released
		await route.continue()
	})
	await page.goto('/devops-dashboard', { waitUntil: 'commit' })
	await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
	await expectAccessible(page)
	// then to sign in, which sends a signed-in agent on to their dashboard
	releaseScripts()
	await expect(page).toHaveURL(/\/dashboard$/)
	await expectAccessible(page, { once: "a new agent's dashboard" })
})

test('the operations dashboard renders all five tabs from seeded data', async ({ page, admin }) => {
	// The seed's render is the server's work, waited for up to a minute.
	test.setTimeout(90_000)
	const agentEmail = await signUp(page, 'Olga', PASSWORD)
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
})

test('signed out, the quick transform asks to log in or register, on the landing page and on /transform', async ({
	page,
}) => {
	// the landing page carries the same form in its #transform section
	await page.goto('/#transform')
	await expect(page.getByRole('heading', { level: 2, name: 'Transform Your Property' })).toBeVisible()
	await expect(page.locator('#transform').getByRole('button', { name: 'Transform Property' })).toBeVisible()
	await expectAccessible(page, { once: 'the landing page' })
	await page.goto('/transform')
	await expect(page.getByText('Please log in or register to transform photos')).toBeVisible()
	await expectAccessible(page)
})

test('a quick transform from /transform shows up on the admin dashboard', async ({ page, admin }) => {
	await signUp(page, 'Tess', PASSWORD)
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
	await expectAccessible(page)

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
})

import { randomUUID } from 'node:crypto'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { createAdmin } from './staff-accounts.ts'

// The no-javascript project runs this file with scripts off: every staff form is a plain HTML post.

const PASSWORD = 'staff-plain-2026'

/** An agent who reported an issue through the HTTP API (as the CLI and the bot do): its ticket number. */
async function reportedTicket(browser: Browser, description: string) {
	const context = await browser.newContext()
	const id = randomUUID().slice(0, 8)
	const registered = await context.request.post('/api/auth/register', {
		data: {
			firstName: 'Nora',
			lastName: 'Tester',
			username: `nora_${id}`,
			email: `nora.${id}@example.com`,
			password: PASSWORD,
			confirmPassword: PASSWORD,
		},
	})
	expect(registered.ok()).toBe(true)
	const reported = await context.request.post('/api/report-issue', {
		data: { projectId: null, issueType: 'download-failed', description },
	})
	expect(reported.ok()).toBe(true)
	const { ticketNumber } = (await reported.json()) as { ticketNumber: string }
	await context.close()
	return ticketNumber
}

async function signInAsAdmin(page: Page) {
	await page.goto('/login')
	await page.getByLabel('Username').fill(createAdmin(PASSWORD))
	await page.getByLabel('Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page).not.toHaveURL(/\/login/)
}

test('an admin opens a reported ticket, starts work, adds an internal note and resolves it', async ({
	page,
	browser,
}) => {
	test.setTimeout(60_000)
	const description = `The ZIP stops at 40% ${randomUUID().slice(0, 6)}`
	const ticketNumber = await reportedTicket(browser, description)
	await signInAsAdmin(page)

	await page.goto('/devops-dashboard')
	await expect(page.getByRole('heading', { level: 1, name: 'DevOps Dashboard' })).toBeVisible()
	const card = page.getByTestId('ticket-card').filter({ hasText: ticketNumber })
	await expect(card).toContainText(description)
	await expect(card.getByText('Open', { exact: true })).toBeVisible()

	// a quick action is a one-button form: the post redirects back to the list
	await card.getByRole('button', { name: 'Start Work' }).click()
	await expect(card.getByText('In Progress', { exact: true })).toBeVisible()
	await expect(card.getByRole('button', { name: 'Resolve' })).toBeVisible()

	// the details dialog is a page state the server renders
	await card.getByRole('link', { name: 'View Details' }).click()
	await expect(page).toHaveURL(/[?&]ticket=/)
	const dialog = page.getByRole('dialog')
	await expect(dialog).toContainText(ticketNumber)
	await expect(dialog.getByText('No comments yet.')).toBeVisible()

	// the server's verdict on a blank comment, shown in the page
	await dialog.getByLabel('Add a comment').fill('   ')
	await dialog.getByRole('button', { name: 'Add Comment' }).click()
	await expect(dialog.getByText('Comment cannot be empty')).toBeVisible()

	await dialog.getByLabel('Add a comment').fill('Checked the storage logs: a timeout on the bulk ZIP')
	await dialog.getByLabel('Internal note (not visible to customer)').check()
	await dialog.getByRole('button', { name: 'Add Comment' }).click()
	await expect(dialog.getByText('Checked the storage logs: a timeout on the bulk ZIP')).toBeVisible()
	await expect(dialog.getByText('Internal', { exact: true })).toBeVisible()
	await expect(dialog.getByRole('heading', { name: 'Comments (1)' })).toBeVisible()

	// status, priority and assignee are saved together with their own button
	await dialog.getByLabel('Priority').selectOption('high')
	await dialog.getByLabel('Assigned to').fill('Sam')
	await dialog.getByRole('button', { name: 'Save Changes' }).click()
	await expect(dialog.getByLabel('Priority')).toHaveValue('high')
	await expect(dialog.getByLabel('Assigned to')).toHaveValue('Sam')

	await dialog.getByRole('link', { name: 'Close' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(card).toContainText('Sam')
	await card.getByRole('button', { name: 'Resolve' }).click()
	await expect(card.getByText('Resolved', { exact: true })).toBeVisible()

	// the filter is a link
	await page.getByRole('link', { name: 'Resolved', exact: true }).click()
	await expect(page).toHaveURL(/status=resolved/)
	await expect(page.getByTestId('ticket-card').filter({ hasText: ticketNumber })).toBeVisible()
})

test("the operations dashboard's tabs and the admin dashboard's search work as links and forms", async ({ page }) => {
	await signInAsAdmin(page)
	await page.goto('/rendo-ops')
	await expect(page.getByRole('heading', { level: 1, name: 'Rendo Ops' })).toBeVisible()
	const tab = (name: string) => page.getByRole('tab', { name })
	await expect(tab('Financial')).toHaveAttribute('aria-selected', 'true')
	await expect(page.getByRole('tabpanel')).toContainText('Gross profit')
	const panels: Array<[string, string | RegExp]> = [
		['Economics', '£5K MRR'],
		['Agents', /Email|No agent activity yet/],
		['API Capacity', 'Recommended Upgrade Tier'],
		['Growth', 'Agent Acquisition per Month'],
	]
	for (const [name, text] of panels) {
		await tab(name).click()
		await expect(tab(name)).toHaveAttribute('aria-selected', 'true')
		await expect(page.getByRole('tabpanel')).toContainText(text)
	}
	await expect(page).toHaveURL(/[?&]tab=growth/)

	await page.goto('/admin-dashboard')
	await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
	await page.getByRole('tab', { name: 'All Transformations' }).click()
	await expect(page.getByRole('tab', { name: 'All Transformations' })).toHaveAttribute('aria-selected', 'true')
	await page.getByLabel('Search transformations').fill('no-such-thing-at-all')
	await page.getByLabel('Status').selectOption('failed')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/q=no-such-thing-at-all/)
	// the search kept the tab, and the fields keep what was asked
	await expect(page.getByRole('tab', { name: 'All Transformations' })).toHaveAttribute('aria-selected', 'true')
	await expect(page.getByLabel('Search transformations')).toHaveValue('no-such-thing-at-all')
	await expect(page.getByLabel('Status')).toHaveValue('failed')
	await expect(page.getByText(/^(No transformations match your search|No transformations found)$/)).toBeVisible()
})

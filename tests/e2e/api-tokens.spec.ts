import type { APIRequestContext, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'

const PASSWORD = 'tokens-2026'

/** GET /api/property-studio/projects with the token alone (no cookie): its status and JSON. */
async function projectsWithToken(request: APIRequestContext, secret: string) {
	const response = await request.get('/api/property-studio/projects', {
		headers: { authorization: `Bearer ${secret}` },
	})
	return { status: response.status(), body: (await response.json()) as unknown }
}

async function createToken(page: Page, name: string, scope: string, expires: string) {
	await page.getByLabel('Name').fill(name)
	await page.getByLabel('Scope').selectOption(scope)
	await page.getByLabel('Expires').selectOption(expires)
	await page.getByRole('button', { name: 'Create Token' }).click()
	const secret = page.getByRole('textbox', { name: 'New token', exact: true })
	await expect(secret).toHaveValue(/^rendo_pat_[A-Za-z0-9_-]{43}$/)
	return secret.inputValue()
}

test('from the menu to a token that works on the API, then revoked', async ({ page, playwright, baseURL }) => {
	// Through the account page and six scanned pages: more than the default 30 s on a busy phone run.
	test.setTimeout(60_000)
	await signUp(page, 'Tessa', PASSWORD)
	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expectAccessible(page, { once: 'a new agent’s dashboard' })
	// The account page opens from the menu's Support & Account section on phones, from the account's name on wider screens.
	const menu = page.getByRole('button', { name: 'Open menu' })
	if (await menu.isVisible()) {
		await menu.click()
		await page.getByRole('link', { name: 'Your Account' }).click()
	} else await page.getByRole('link', { name: 'Tessa: your account' }).click()
	await expect(page).toHaveURL(/\/account$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible()
	await expectAccessible(page, { once: 'a new agent’s account page' })
	await page.getByRole('link', { name: 'Manage API Tokens' }).click()
	await expect(page).toHaveURL(/\/settings\/api-tokens$/)
	await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible()
	await expect(page.getByText('You have no tokens yet.')).toBeVisible()
	await expect(page.getByLabel('Scope').locator('option')).toHaveText([
		'read: List and download',
		'write: Also create projects, upload, process and import',
	])
	await expectAccessible(page)

	// The browser checks the name before anything is sent.
	await page.getByRole('button', { name: 'Create Token' }).click()
	await expect(page.getByText('Name is required')).toBeVisible()

	const secret = await createToken(page, 'Build server', 'write', '30')
	await expect(page.getByRole('heading', { name: 'Build server', level: 3 })).toBeVisible()
	await expect(page.getByText('Never used')).toBeVisible()
	await expectAccessible(page)

	const api = await playwright.request.newContext({ baseURL })
	expect(await projectsWithToken(api, secret)).toEqual({ status: 200, body: [] })
	await page.reload()
	await expect(page.getByText(/^Last used .+ UTC from /)).toBeVisible()
	await expect(page.getByRole('textbox', { name: 'New token', exact: true })).toHaveCount(0)

	await page.getByRole('button', { name: 'Revoke Build server' }).click()
	await expect(page.getByText('You have no tokens yet.')).toBeVisible()
	expect(await projectsWithToken(api, secret)).toEqual({
		status: 401,
		body: { message: 'This access token has been revoked' },
	})
	// A token in the address is refused before any route runs.
	const inAddress = await api.get(`/api/pioneer-status?access_token=${secret}`)
	expect(inAddress.status()).toBe(400)
	await api.dispose()
})

test.describe('without JavaScript', () => {
	// A context of its own: the accessibility scans need scripts, and these pages are the same
	// server markup the test above scans.
	test('create shows the secret once, the list and revoke are plain form posts', async ({
		browser,
		playwright,
		baseURL,
	}) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await signUp(page, 'Plain', PASSWORD)
		await page.goto('/settings/api-tokens')
		await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible()
		const secret = await createToken(page, 'Cron job', 'read', 'never')
		await expect(page.getByRole('heading', { name: 'Cron job', level: 3 })).toBeVisible()
		await expect(page.getByText('Never expires')).toBeVisible()

		const api = await playwright.request.newContext({ baseURL })
		expect((await projectsWithToken(api, secret)).status).toBe(200)
		const write = await api.post('/api/property-studio/projects', {
			headers: { authorization: `Bearer ${secret}` },
			data: { propertyAddress: '1 High Street, Leeds', clientName: 'The Khans' },
		})
		expect(write.status()).toBe(403)
		expect(await write.json()).toMatchObject({ requiredScope: 'write' })

		await page.getByRole('button', { name: 'Revoke Cron job' }).click()
		await expect(page).toHaveURL(/\/settings\/api-tokens$/)
		await expect(page.getByText('You have no tokens yet.')).toBeVisible()
		expect((await projectsWithToken(api, secret)).status).toBe(401)
		await api.dispose()
		await context.close()
	})
})

import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './axe.ts'

async function signOut(page: Page) {
	const menu = page.getByRole('button', { name: 'Open menu' })
	if (await menu.isVisible()) {
		await menu.click()
		await expect(page.getByRole('dialog')).toBeVisible()
		await expectAccessible(page)
	}
	await page.getByRole('button', { name: 'Sign Out' }).click()
}

test('register, land on the dashboard, sign out, and sign in again', async ({ page }) => {
	const id = randomUUID().slice(0, 8)
	const username = `grace_${id}`
	await page.goto('/register')
	await expectAccessible(page, { once: 'the empty sign-up form' })
	await page.getByLabel('First name').fill('Grace')
	await page.getByLabel('Last name').fill('Hopper')
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Email').fill(`grace.${id}@example.com`)
	await page.getByLabel('Password', { exact: true }).fill('cobol-1959')
	await page.getByLabel('Confirm password').fill('cobol-1959')
	await page.getByRole('button', { name: 'Create Account' }).click()

	await expect(page).toHaveURL(/\/dashboard$/)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace')
	await expect(page.getByText('Total Properties')).toBeVisible()
	await expectAccessible(page, { once: "a new agent's dashboard" })

	await signOut(page)
	await expect(page).toHaveURL(/\/$/)
	await expectAccessible(page)
	await page.goto('/dashboard')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
	await expectAccessible(page, { once: 'the empty sign-in form' })

	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Password').fill('cobol-1959')
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace')
})

test('wrong credentials show the red box and the error toast; field rules show under the fields', async ({ page }) => {
	await page.goto('/login')
	await page.getByLabel('Username').fill('nobody-at-all')
	await page.getByLabel('Password').fill('not-the-password')
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible()
	await expect(page.getByText('Failed to login. Please check your credentials.', { exact: true })).toBeVisible()
	await expectAccessible(page)

	await page.getByLabel('Username').fill('ab')
	await page.getByLabel('Password').fill('123')
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByText('Username must be at least 3 characters')).toBeVisible()
	await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
	await expectAccessible(page)
})

test('the sign-in form works without JavaScript', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/login')
	await page.getByLabel('Username').fill('ab')
	await page.getByLabel('Password').fill('123456')
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByText('Username must be at least 3 characters')).toBeVisible()
	await context.close()
})

test('an unknown path is a 404 page inside the layout', async ({ page }) => {
	const response = await page.goto('/no-such-page')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
	await expectAccessible(page)
})

test('cross-origin posts to the API are refused', async ({ request }) => {
	const response = await request.post('/api/auth/login', {
		headers: { Origin: 'https://evil.example' },
		data: { username: 'someone', password: 'whatever' },
	})
	expect(response.status()).toBe(403)
	expect(await response.json()).toEqual({ message: 'Cross-origin request rejected' })
})

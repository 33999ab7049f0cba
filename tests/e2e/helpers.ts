import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'

/** Signs up a fresh agent through the register page and waits for the dashboard; returns the e-mail. */
export async function registerAgent(page: Page, firstName: string, password: string) {
	const id = randomUUID().slice(0, 8)
	const email = `${firstName.toLowerCase()}.${id}@example.com`
	await page.goto('/register')
	await page.getByLabel('First name').fill(firstName)
	await page.getByLabel('Last name').fill('Tester')
	await page.getByLabel('Username').fill(`${firstName.toLowerCase()}_${id}`)
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByLabel('Confirm password').fill(password)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	return email
}

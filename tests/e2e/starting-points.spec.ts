import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'
import { paidProject } from './starting-points.ts'

const PASSWORD = 'staging-2026'

/** The account page: from the menu's Support & Account on phones, from the account's name on wider screens. */
async function openAccount(page: Page, name: string) {
	const menu = page.getByRole('button', { name: 'Open menu' })
	if (await menu.isVisible()) {
		await menu.click()
		await page.getByRole('link', { name: 'Your Account' }).click()
	} else await page.getByRole('link', { name: `${name}: your account` }).click()
	await expect(page).toHaveURL(/\/account$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible()
}

test('after sign-up the dashboard points to the brand profile until there is one; the name opens the account', async ({
	page,
}) => {
	const email = await signUp(page, 'Nell', PASSWORD)
	await page.goto('/dashboard')
	// The spec's five task cards, no more: what the agent reported is on the account page.
	const cards = page.getByRole('region', { name: 'Tasks' }).getByRole('link')
	await expect(cards).toHaveText([
		/Rendo Studio/,
		/Send a Post Tour render/,
		/Brochure Dashboard/,
		/View Performance Data/,
		/Report an Issue/,
	])
	const notice = page.getByRole('region', { name: 'Set up your brand profile' })
	await expect(notice.getByRole('link', { name: 'Set Up Brand Profile' })).toHaveAttribute('href', '/agent-onboarding')
	await expectAccessible(page, { once: 'a new agent’s dashboard' })

	await openAccount(page, 'Nell')
	const profile = page.getByRole('region', { name: 'Profile' })
	await expect(profile.getByText(email)).toBeVisible()
	await expect(profile.getByText('Nell Tester')).toBeVisible()
	const brand = page.getByRole('region', { name: 'Brand' })
	await expect(brand.getByRole('link', { name: 'Set Up Brand Profile' })).toHaveAttribute('href', '/agent-onboarding')
	await expect(page.getByRole('link', { name: 'Manage API Tokens' })).toHaveAttribute('href', '/settings/api-tokens')
	await expect(page.getByRole('link', { name: 'My Tickets' })).toHaveAttribute('href', '/my-tickets')
	await expectAccessible(page)

	// Once the profile exists the account shows it, and the dashboard no longer asks.
	const onboarded = await page.request.post('/api/onboard-agent', {
		multipart: {
			companyName: 'Harbour Homes',
			agentName: 'Nell Tester',
			email: `brand.${randomUUID().slice(0, 8)}@harbourhomes.example`,
		},
	})
	expect(onboarded.status()).toBe(201)
	await page.reload()
	await expect(brand.getByText('Harbour Homes')).toBeVisible()
	await expect(brand.getByRole('link', { name: 'Edit Brand Profile' })).toHaveAttribute('href', '/agent-onboarding')
	await expectAccessible(page)
	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Nell' })).toBeVisible()
	await expect(notice).toHaveCount(0)
	await expectAccessible(page)
})

test('a brochure request starts from a staged, paid-for favourite without an upload', async ({ page }) => {
	test.setTimeout(120_000)
	await signUp(page, 'Omar', PASSWORD)
	const address = `${randomUUID().slice(0, 4)} Quay Street, Bristol`
	await paidProject(page, address)

	await page.goto('/client-preferences')
	await expect(page.getByText('Property photo')).toBeVisible()
	const favourite = page.getByRole('radio', { name: new RegExp(`Kitchen, Modern ${address}`) })
	await favourite.check()
	// The favourite is the photo: no upload, no area; its property fills the address.
	await expect(page.getByText('Property photo')).toHaveCount(0)
	await expect(page.getByLabel('Area of interest *')).toHaveCount(0)
	await expect(page.getByLabel('Property address *')).toHaveValue(address)
	await page.getByLabel('Client name *').fill('Jane Buyer')
	await expectAccessible(page)
	await page.getByRole('button', { name: 'Submit Preferences' }).click()

	await expect(page.getByRole('heading', { name: 'Preferences Submitted' })).toBeVisible()
	await expect(page.getByText('Modern', { exact: true })).toBeVisible()
	await expectAccessible(page)
	// The brochure is built from the stored images: no render to wait for.
	await page.goto('/brochures')
	await expect(page.getByRole('heading', { level: 1, name: 'Brochure Dashboard' })).toBeVisible()
	await expect(page.getByText(address).first()).toBeVisible()
	await expectAccessible(page)
})

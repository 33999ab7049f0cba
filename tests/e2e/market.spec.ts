import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'

// Where the agency lists, chosen in the wizard's last step: the label-off warning beside it names
// the chosen market's rules as soon as it is chosen, and the success screen says it again.

const PASSWORD = 'staging-2026'

test('a UK agency is warned in the UK’s rules; choosing the United States turns the warning to California’s and MLS rules', async ({
	page,
}) => {
	await signUp(page, 'Bea', PASSWORD)
	await page.goto('/agent-onboarding')
	await page.getByLabel('Company name *').fill('Bath Homes')
	await page.getByLabel('Agent name *').fill('Bea Tester')
	const next = page.getByRole('button', { name: 'Next' })
	await expect(async () => {
		await next.click()
		await expect(page.getByRole('heading', { level: 2, name: 'Contact Information' })).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })
	await next.click()
	await next.click()

	const market = page.getByLabel('Where you list')
	const warning = page.locator('#label-off-warning')
	await expect(market).toHaveValue('UK')
	await expect(market).toHaveAccessibleDescription(/rules on altered photos/)
	await expect(warning).toContainText('Digital Markets, Competition and Consumers Act 2024')
	await expect(warning).toContainText('Rightmove, Zoopla and OnTheMarket')
	await expect(warning).not.toContainText('California')
	await expect(warning).not.toContainText('MLS')
	await expectAccessible(page)

	await market.selectOption('United States')
	await expect(warning).toContainText('California’s Business and Professions Code §10140.8')
	await expect(warning).toContainText('CRMLS (rule 11.5.2)')
	await expect(warning).not.toContainText('Rightmove')
	await page.getByRole('radio', { name: 'No label' }).check()
	await page.getByRole('button', { name: 'Create Profile' }).click()

	const notice = page.locator('#label-off-notice')
	await expect(page.getByRole('heading', { name: 'Your agent profile is ready' })).toBeVisible()
	await expect(notice).toContainText('California')
	await expect(notice).not.toContainText('Trading Standards')

	await page.goto('/agent-onboarding')
	await expect(page.getByLabel('Where you list')).toHaveValue('US')
})

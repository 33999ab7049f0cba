import { expect, test } from '@playwright/test'
import { signUp } from './helpers.ts'

// The market choice with scripts off: part of the one onboarding form, saved by its plain post,
// and the warnings the server renders name the saved market's rules.

const PASSWORD = 'staging-2026'

test('without JavaScript the market is chosen in the one form, saved, and the warnings name its rules', async ({
	page,
}) => {
	await signUp(page, 'Cal', PASSWORD)
	await page.goto('/agent-onboarding')
	await page.getByLabel('Company name *').fill('Golden State Homes')
	await page.getByLabel('Agent name *').fill('Cal Tester')
	// Before any choice the page speaks of the UK, the default market.
	await expect(page.getByLabel('Where you list')).toHaveValue('UK')
	await expect(page.locator('#label-off-warning')).toContainText('Rightmove')

	await page.getByLabel('Where you list').selectOption('United States')
	await page.getByRole('radio', { name: 'No label' }).check()
	await page.getByRole('button', { name: 'Create Profile' }).click()

	await expect(page).toHaveURL(/\/agent-onboarding\?done=created$/)
	const notice = page.locator('#label-off-notice')
	await expect(notice).toContainText('Business and Professions Code §10140.8')
	await expect(notice).not.toContainText('Rightmove')

	await page.goto('/agent-onboarding')
	await expect(page.getByLabel('Where you list')).toHaveValue('US')
	const warning = page.locator('#label-off-warning')
	await expect(warning).toContainText('CRMLS (rule 11.5.2)')
	await expect(warning).not.toContainText('Trading Standards')

	// And back: a UK agency is never told of California or an MLS.
	await page.getByLabel('Where you list').selectOption('United Kingdom')
	await page.getByRole('button', { name: 'Create Profile' }).click()
	await expect(page).toHaveURL(/\/agent-onboarding\?done=updated$/)
	await expect(page.locator('#label-off-notice')).toContainText('The Property Ombudsman')
	await expect(page.locator('#label-off-notice')).not.toContainText(/California|MLS/)
})

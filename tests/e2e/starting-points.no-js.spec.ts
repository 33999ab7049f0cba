import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { signUp } from './helpers.ts'
import { paidProject } from './starting-points.ts'

// Scripts are off (the no-javascript project): axe cannot run here; the same markup is scanned with them on.

const PASSWORD = 'staging-2026'

test('without JavaScript a favourite is chosen from the form’s radio list and posted as the photo', async ({
	page,
}) => {
	test.setTimeout(120_000)
	await signUp(page, 'Ines', PASSWORD)
	const address = `${randomUUID().slice(0, 4)} Quay Street, Bristol`
	await paidProject(page, address)

	await page.goto('/client-preferences')
	await expect(page.getByRole('radio', { name: 'A new photo' })).toBeChecked()
	await page.getByRole('radio', { name: new RegExp(`Kitchen, Modern ${address}`) }).check()
	await page.getByLabel('Client name *').fill('Jane Buyer')
	await page.getByLabel('Property address *').fill(address)
	await page.getByRole('button', { name: 'Submit Preferences' }).click()

	await expect(page.getByRole('heading', { name: 'Preferences Submitted' })).toBeVisible()
	await expect(page.getByText('Modern', { exact: true })).toBeVisible()
})

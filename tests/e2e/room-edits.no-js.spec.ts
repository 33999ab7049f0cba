import { expect, test } from '@playwright/test'
import { signUp } from './helpers.ts'
import { EDIT_TIMEOUT, furnishedLivingRoom, LAMP_AND_PLANT_REMOVED } from './room-edits.ts'

// The no-javascript project runs this file with scripts off: the edit panel opens from its address
// and its checkbox list is a plain HTML form.

test('without JavaScript a lamp and a plant are ticked in the list and removed; a refusal reopens the panel with it', async ({
	page,
}) => {
	test.setTimeout(2 * EDIT_TIMEOUT)
	await signUp(page, 'Oona', 'plain-room-edits-2026')
	const projectId = await furnishedLivingRoom(page)
	await page.goto(`/property-studio/${projectId}?step=results`)
	await page.getByRole('link', { name: 'Remove items from Lounge' }).click()
	// Rendered by the server in place (Radix names a dialog once scripts run, as the other plain dialogs).
	const dialog = page.getByRole('dialog')
	await expect(dialog.getByRole('heading', { name: 'Remove items: Lounge' })).toBeVisible({ timeout: EDIT_TIMEOUT })

	// Posted with nothing ticked: back on the panel with core's words.
	await dialog.getByRole('button', { name: 'Remove items' }).click()
	await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Select at least one thing to remove')

	await page.getByRole('checkbox', { name: 'lamp', exact: true }).check()
	await page.getByRole('checkbox', { name: 'plant', exact: true }).check()
	await page.getByRole('button', { name: 'Remove items' }).click()
	// Back in the gallery, the edit under its own heading.
	await expect(page).toHaveURL(new RegExp(`/property-studio/${projectId}\\?step=results$`))
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByRole('heading', { name: 'Items removed' })).toBeVisible()
	// No polling without scripts: reload until the check's line is there.
	await expect(async () => {
		await page.reload()
		await expect(page.getByText(LAMP_AND_PLANT_REMOVED)).toBeVisible({ timeout: 1_000 })
	}).toPass({ timeout: EDIT_TIMEOUT })
})

import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { PREVIEW_CANNOT_EDIT } from '../../core/render/local-preview.ts'
import { TWILIGHT_INDOORS } from '../../core/studio/studio.schema.ts'
import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'
import { uploadedProject } from './rendered-project.ts'

// The browser tests' server renders with the local preview, which makes no photo edits: Twilight
// and Enhance are offered beside the styles, greyed out with core's reason.

const PASSWORD = 'photo-edits-2026'

/** A project with uploaded, unprocessed rooms of these types; returns its id. */
async function projectWithRooms(page: Page, roomTypes: string[]) {
	const address = `9 Harbour Row, Falmouth (${randomUUID().slice(0, 6)})`
	return (
		await uploadedProject(
			page,
			address,
			roomTypes.map((roomType, i) => ({ roomType, seed: 11 + i })),
		)
	).id
}

const stylesFor = (page: Page, roomName: string) => page.getByRole('group', { name: `Styles for ${roomName}` })
const option = (page: Page, roomName: string, style: string) =>
	stylesFor(page, roomName).getByRole('checkbox', { name: new RegExp(`^${style}\\b`) })

async function variationCount(page: Page, projectId: string) {
	const answer = await page.request.get(`/api/property-studio/projects/${projectId}/variations`)
	expect(answer.ok()).toBe(true)
	return ((await answer.json()) as unknown[]).length
}

test('Twilight and Enhance sit beside the styles, greyed out with the local preview’s reason', async ({ page }) => {
	await signUp(page, 'Tamsin', PASSWORD)
	const projectId = await projectWithRooms(page, ['bedroom', 'exterior'])
	await page.goto(`/property-studio/${projectId}?step=style-selection`)
	await expect(page.getByRole('heading', { level: 2, name: 'Choose Styles' })).toBeVisible()

	for (const room of ['Bedroom', 'Exterior']) {
		for (const style of ['Twilight', 'Enhance']) {
			await expect(option(page, room, style)).toBeVisible()
			await expect(option(page, room, style)).toBeDisabled()
		}
		// The reason stands in each greyed-out choice, in core's words.
		await expect(stylesFor(page, room).getByText(PREVIEW_CANNOT_EDIT, { exact: true })).toHaveCount(2)
		// The styles are still there to choose.
		await expect(option(page, room, 'Modern')).toBeEnabled()
	}
	// Nothing ticked, nothing warned.
	await expect(page.getByText(TWILIGHT_INDOORS)).toBeHidden()
	await expectAccessible(page)
})

test('twilight ticked anyway: the indoor warning shows, and the post is refused with nothing queued', async ({
	page,
}) => {
	await signUp(page, 'Morwenna', PASSWORD)
	const projectId = await projectWithRooms(page, ['bedroom', 'exterior'])
	await page.goto(`/property-studio/${projectId}?step=style-selection`)
	await expect(page.getByText('This will generate 0 variation(s)')).toBeVisible()
	await expectAccessible(page)

	// As a stale page or a hand-made form would: the greyed-out inputs enabled in the page.
	for (const room of ['Bedroom', 'Exterior']) {
		const twilight = option(page, room, 'Twilight')
		await twilight.evaluate((input: HTMLInputElement) => {
			input.disabled = false
		})
		await twilight.check()
		await expect(twilight).toBeChecked()
	}
	await expect(page.getByText('This will generate 6 variation(s)')).toBeVisible()
	// A bedroom is warned about (politely: the form still posts); an exterior is what twilight is for.
	await expect(stylesFor(page, 'Bedroom').getByText(TWILIGHT_INDOORS, { exact: true })).toBeVisible()
	await expect(stylesFor(page, 'Exterior').getByText(TWILIGHT_INDOORS)).toHaveCount(0)

	await page.getByRole('button', { name: 'Process Images' }).click()
	const refusal = page.locator('form [role="alert"]').filter({ hasText: PREVIEW_CANNOT_EDIT })
	await expect(refusal).toBeVisible()
	await expect(refusal).toContainText(`Failed to process Bedroom with Twilight style: ${PREVIEW_CANNOT_EDIT}`)
	await expect(refusal).toContainText(`Failed to process Exterior with Twilight style: ${PREVIEW_CANNOT_EDIT}`)
	await expect(page).toHaveURL(/\?step=style-selection/)
	await expect(page.getByRole('heading', { level: 2, name: 'Choose Styles' })).toBeVisible()
	expect(await variationCount(page, projectId)).toBe(0)
})

import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { PREVIEW_CANNOT_EDIT } from '../../core/render/local-preview.ts'
import { TWILIGHT_INDOORS } from '../../core/studio/studio.schema.ts'
import { signUp } from './helpers.ts'
import { uploadedProject } from './rendered-project.ts'

// The no-javascript project runs this file with scripts off: the style step as a plain HTML form.
// The server renders with the local preview, which makes no photo edits.

const PASSWORD = 'plain-edits-2026'

/** A project with one uploaded bedroom, not processed yet; returns the project's and the room's ids. */
async function projectWithBedroom(page: Page) {
	const address = `2 Chapel Street, Penzance (${randomUUID().slice(0, 6)})`
	const { id, roomIds } = await uploadedProject(page, address, [{ roomType: 'bedroom', seed: 13 }])
	return { id, roomId: roomIds[0] }
}

const option = (page: Page, style: string) =>
	page.getByRole('group', { name: 'Styles for Bedroom' }).getByRole('checkbox', { name: new RegExp(`^${style}\\b`) })

async function variationCount(page: Page, projectId: string) {
	const answer = await page.request.get(`/api/property-studio/projects/${projectId}/variations`)
	expect(answer.ok()).toBe(true)
	return ((await answer.json()) as unknown[]).length
}

test('twilight posted anyway without JavaScript is refused in core’s words, and nothing is queued', async ({
	page,
}) => {
	await signUp(page, 'Jenna', PASSWORD)
	const { id, roomId } = await projectWithBedroom(page)
	await page.goto(`/property-studio/${id}?step=style-selection`)
	await expect(page.getByRole('heading', { level: 2, name: 'Choose Styles' })).toBeVisible()

	// Greyed out, not hidden, with the reason beside them.
	for (const style of ['Twilight', 'Enhance']) await expect(option(page, style)).toBeDisabled()
	await expect(page.getByText(PREVIEW_CANNOT_EDIT, { exact: true })).toHaveCount(2)
	await expect(page.getByText(TWILIGHT_INDOORS)).toBeHidden()

	// A stale page or a hand-made form: the input enabled, ticked and posted as it is.
	const twilight = option(page, 'Twilight')
	await twilight.evaluate((input: HTMLInputElement) => {
		input.disabled = false
	})
	await twilight.check()
	// The warning needs no script: it shows once twilight is ticked for a room that is not an outside.
	await expect(page.getByText(TWILIGHT_INDOORS, { exact: true })).toBeVisible()
	await page.getByRole('button', { name: 'Process Images' }).click()
	await expect(page.getByRole('alert')).toHaveText(
		`Failed to process Bedroom with Twilight style: ${PREVIEW_CANNOT_EDIT}`,
	)
	await expect(page.getByRole('heading', { level: 2, name: 'Choose Styles' })).toBeVisible()
	expect(await variationCount(page, id)).toBe(0)

	// Posted straight to the action: the same refusal, still nothing queued.
	const posted = await page.request.post(`/property-studio/${id}?step=style-selection&intent=process`, {
		form: { choices: `${roomId}:enhance` },
		maxRedirects: 0,
	})
	expect(posted.status()).toBe(400)
	expect(await posted.text()).toContain(`Failed to process Bedroom with Enhance style: ${PREVIEW_CANNOT_EDIT}`)
	expect(await variationCount(page, id)).toBe(0)
})

import { PREVIEW_WALLS_ONLY } from '../../core/render/local-preview.ts'
import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'
import { EDIT_TIMEOUT, furnishedLivingRoom, LAMP_REMOVED, pointsOnShape, WALLS_RENOVATED } from './room-edits.ts'

// Item removal and a wall repaint from the gallery, with the local preview (the browser tests'
// server): it paints small things out and repaints walls itself, and each answer is checked
// against what was asked before the gallery shows it. The journey is a chair clicked and
// removed; pair 36 has no chair the local preview can paint out (its armchairs are the sofa's end
// and the plant's basket, and the sofa is too large), so it is the one thing it offers alone: the
// hanging lamp.

test('a lamp clicked on its shape is removed, checked and said on the originals page; a brush stroke is drawn and undone; the walls repainted by a swatch', async ({
	page,
	isMobile,
}) => {
	test.setTimeout(3 * EDIT_TIMEOUT)
	if (isMobile) await page.setViewportSize({ width: 390, height: 844 })
	await signUp(page, 'Ines', 'room-edits-2026')
	const projectId = await furnishedLivingRoom(page)
	await page.goto(`/property-studio/${projectId}?step=results`)
	const removeItems = page.getByRole('link', { name: 'Remove items from Lounge' })
	// The photo's clicks need React's handlers: wait until the page is interactive.
	await page.waitForFunction(() =>
		[...document.querySelectorAll('a[id^="edit-remove-"]')].some((link) =>
			Object.keys(link).some((key) => key.startsWith('__reactProps')),
		),
	)
	await removeItems.click()
	const dialog = page.getByRole('dialog', { name: 'Remove items: Lounge' })
	// Its first opening reads the photo (the segmentation's one thread, shared with everything else).
	await expect(dialog).toBeVisible({ timeout: EDIT_TIMEOUT })
	const lamp = dialog.getByRole('checkbox', { name: 'lamp', exact: true })
	await expect(lamp).not.toBeChecked()
	await expect(dialog.getByRole('checkbox', { name: 'plant', exact: true })).toBeVisible()
	await expectAccessible(page)

	// Nothing picked: core's refusal, on the form.
	await dialog.getByRole('button', { name: 'Remove items' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Select at least one thing to remove')

	// A click on the lamp's shape ticks it and outlines it; inside its box but off its shape (the
	// window beside the flex) picks nothing, and a second click on it drops it.
	const photo = dialog.getByTestId('edit-photo')
	const outline = photo.locator('[data-object="lamp"]')
	const box = (await outline.boundingBox())!
	const photoBox = (await photo.boundingBox())!
	// The outline lies within the photo as shown (the photo's box is the image's own: no letterbox).
	expect(box.x).toBeGreaterThanOrEqual(photoBox.x - 1)
	expect(box.x + box.width).toBeLessThanOrEqual(photoBox.x + photoBox.width + 1)
	const { inside, clear } = await pointsOnShape(photo, 'lamp')
	expect(clear).not.toBeNull()
	await photo.click({ position: clear! })
	await expect(photo.locator('[data-picked="true"]')).toHaveCount(0)
	const labelMapShape = (await outline.getAttribute('d'))!
	await photo.click({ position: inside })
	await expect(lamp).toBeChecked()
	await expect(outline).toHaveAttribute('data-picked', 'true')
	// Its outline along the photo's own edges takes the label map's place once the server has cut it.
	await expect(outline).not.toHaveAttribute('d', labelMapShape, { timeout: EDIT_TIMEOUT })
	await photo.click({ position: inside })
	await expect(lamp).not.toBeChecked()
	await expect(photo.locator('[data-picked="true"]')).toHaveCount(0)
	// The list and the photo are one selection: the lamp ticked in the list is outlined too.
	await lamp.check()
	await expect(outline).toHaveAttribute('data-picked', 'true')

	// A brush stroke across the wall goes with the form; Undo takes it back, and Pick picks again.
	await dialog.getByRole('radio', { name: 'Brush' }).check()
	await expect(photo).toHaveCSS('touch-action', 'none')
	const strokes = dialog.locator('input[name="strokes"]')
	// (Ticking the lamp in the list scrolled the sheet: the photo is measured where it is now.)
	await photo.scrollIntoViewIfNeeded()
	const canvas = (await photo.boundingBox())!
	const from = { x: canvas.x + canvas.width * 0.55, y: canvas.y + canvas.height * 0.15 }
	await page.mouse.move(from.x, from.y)
	await page.mouse.down()
	for (let step = 1; step <= 5; step++) await page.mouse.move(from.x + step * 12, from.y + step * 4)
	await page.mouse.up()
	await expect(strokes).toHaveCount(1)
	const drawn = JSON.parse((await strokes.getAttribute('value'))!) as Array<{ points: number[][]; radius: number }>
	expect(drawn).toHaveLength(1)
	// The whole drag, each move a point (a mouse dragging the image itself would have cut it short).
	expect(drawn[0].points.length).toBe(6)
	await expectAccessible(page)
	await dialog.getByRole('button', { name: 'Undo' }).click()
	await expect(strokes).toHaveCount(0)
	await dialog.getByRole('radio', { name: 'Pick' }).check()
	await expect(photo).not.toHaveCSS('touch-action', 'none')

	await dialog.getByRole('button', { name: 'Remove items' }).click()
	await expect(dialog).toBeHidden({ timeout: EDIT_TIMEOUT })
	// Back on the link that opened it.
	await expect(removeItems).toBeFocused()
	const removed = page.getByRole('region', { name: 'Items removed Lounge variations' })
	await expect(removed).toBeVisible()
	await expect(page.getByText(LAMP_REMOVED)).toBeVisible({ timeout: EDIT_TIMEOUT })
	// An edit is asked again with what to change, not remodelled.
	await expect(page.getByRole('button', { name: 'Remodel Items removed Lounge' })).toHaveCount(0)

	await page.getByRole('link', { name: 'Renovate Lounge' }).click()
	const renovate = page.getByRole('dialog', { name: 'Renovate: Lounge' })
	await expect(renovate).toBeVisible()
	// What the local preview cannot do is said, and those surfaces greyed out.
	await expect(renovate.getByText(`${PREVIEW_WALLS_ONLY}.`)).toBeVisible()
	await expect(renovate.getByRole('checkbox', { name: /^Floor/ })).toBeDisabled()
	const walls = renovate.getByRole('checkbox', { name: 'Walls', exact: true })
	await expect(walls).not.toBeChecked()
	// A swatch is enough: it ticks the walls.
	await renovate.getByRole('radio', { name: 'Dusky blue' }).check()
	await expect(walls).toBeChecked()
	await expectAccessible(page)
	await renovate.getByRole('button', { name: 'Renovate' }).click()
	await expect(renovate).toBeHidden({ timeout: EDIT_TIMEOUT })
	await expect(page.getByRole('region', { name: 'Renovated Lounge variations' })).toBeVisible()
	await expect(page.getByText(WALLS_RENOVATED)).toBeVisible({ timeout: EDIT_TIMEOUT })

	const variations = (await (
		await page.request.get(`/api/property-studio/projects/${projectId}/variations`)
	).json()) as Array<{ style: string; status: string; originalsUrl: string | null }>
	expect(variations.map((v) => [v.style, v.status]).sort()).toEqual([
		['remove', 'completed'],
		['renovate', 'completed'],
	])
	await expectAccessible(page)

	// Each edited image is disclosed as what it is on the property's originals page.
	const edited = variations.find((v) => v.style === 'remove')!
	expect(edited.originalsUrl).toBeTruthy()
	await page.goto(edited.originalsUrl!)
	await expect(page.getByText('Removed: a lamp').first()).toBeVisible()
	await expect(page.getByText('Renovated: walls painted #7a9cb8').first()).toBeVisible()
	await expectAccessible(page)
})

import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { roomPhotoFile, signUp } from './helpers.ts'

// The no-javascript project runs this file with scripts off: a photo is marked as another view of
// a room by posting its own form (Save), answered with a redirect back to the room step.

const RENDER_TIMEOUT = 60_000
const ALREADY_A_VIEW = 'That photo is itself another view: choose the first view of the room'
const ON_ITS_OWN =
	'Staged on its own: Local preview (colour grading only) does not stage views of one room together yet'

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

test('marking a view of a room with a plain form, then the gallery shows it beside its first view', async ({
	page,
}) => {
	test.setTimeout(120_000)
	// Real photos: their room types are suggested by what they show.
	const photos = [
		roomPhotoFile('living-02.jpg', 'living-room.jpg'),
		roomPhotoFile('living-03.jpg', 'living-room-window.jpg'),
		roomPhotoFile('kitchen-03.jpg', 'kitchen-1.jpg'),
	]
	await signUp(page, 'Otto', 'plain-views-2026')
	const created = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: `2 Harbour Row, Whitby (${randomUUID().slice(0, 6)})` },
	})
	expect(created.status()).toBe(201)
	const { id: projectId } = (await created.json()) as { id: string }
	await page.goto(`/property-studio/${projectId}`)

	await page.getByLabel('Room photos (JPG, PNG, WebP)').setInputFiles(photos)
	await page.getByRole('button', { name: 'Continue', exact: true }).click()
	await expect(page).toHaveURL(/\?step=room-confirmation$/)
	await expect(stepHeading(page, 'Confirm Rooms')).toBeVisible()

	const sameRoom = page.getByLabel('Living Room 2: Same room as…')
	await expect(sameRoom.locator('option')).toHaveText(['None', 'Living Room'])
	await expect(page.getByLabel('Kitchen: Same room as…')).toHaveCount(0)

	// Marked from elsewhere (the API) while this page is open: the page's older choice, the first
	// photo as a view of the second, is refused in core's words beside the photo.
	const rooms = (await (await page.request.get(`/api/property-studio/projects/${projectId}/rooms`)).json()) as Array<{
		id: string
		roomName: string
	}>
	const idOf = (name: string) => rooms.find((r) => r.roomName === name)!.id
	const elsewhere = await page.request.post(`/api/property-studio/rooms/${idOf('Living Room 2')}/same-room`, {
		data: { sameRoomAs: idOf('Living Room') },
	})
	expect(elsewhere.status()).toBe(200)
	await page.getByLabel('Living Room: Same room as…').selectOption('Living Room 2')
	await page.getByRole('button', { name: 'Save same room for Living Room', exact: true }).click()
	await expect(page.getByRole('alert').filter({ hasText: ALREADY_A_VIEW })).toBeVisible()
	const group = page.getByRole('region', { name: 'Living Room: 2 views of one room' })
	await expect(group.getByText('View 2 of Living Room', { exact: true })).toBeVisible()
	await expect(group.getByText('First view of this room, with 1 other view')).toBeVisible()

	// Unmarked and marked again, each a post of its own.
	await group.getByLabel('Living Room 2: Same room as…').selectOption('None')
	await page.getByRole('button', { name: 'Save same room for Living Room 2' }).click()
	await expect(page.getByRole('region', { name: 'Living Room: 2 views of one room' })).toHaveCount(0)
	await page.getByLabel('Living Room 2: Same room as…').selectOption('Living Room')
	await page.getByRole('button', { name: 'Save same room for Living Room 2' }).click()
	await expect(group.getByText('View 2 of Living Room', { exact: true })).toBeVisible()

	// Continue confirms the room types and goes on; the view stays a view.
	await page.getByRole('button', { name: 'Continue', exact: true }).click()
	await expect(page).toHaveURL(/\?step=style-selection$/)
	for (const room of ['Living Room', 'Living Room 2'])
		await page
			.getByRole('group', { name: `Styles for ${room}`, exact: true })
			.getByRole('checkbox', { name: /^Modern\b/ })
			.check()
	await page.getByRole('button', { name: 'Process Images' }).click()
	await expect(page).toHaveURL(/\?step=processing$/)
	await expect(stepHeading(page, 'Rendos Ready!')).toBeVisible({ timeout: RENDER_TIMEOUT })
	await page.getByRole('link', { name: 'View Gallery' }).last().click()

	await expect(page).toHaveURL(/\?step=results$/)
	const views = page.getByRole('region', { name: 'Living Room: 2 views of one room' })
	await expect(views.getByText('View 2 of Living Room', { exact: true })).toBeVisible()
	await expect(views.getByRole('region', { name: 'Modern Living Room variations' })).toBeVisible()
	const secondView = views.getByRole('region', { name: 'Modern Living Room 2 variations' })
	await expect(secondView.getByRole('note')).toHaveText(ON_ITS_OWN)
})

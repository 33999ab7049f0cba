import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './axe.ts'
import { roomPhotoFile, signUp } from './helpers.ts'

// Views of one room: two photos of the living room from different angles, marked as one room on the
// room step, are shown together there and in the gallery. The local preview stages views one by
// one, and each such image says so.

const PASSWORD = 'room-views-2026'
const RENDER_TIMEOUT = 60_000
const ALREADY_A_VIEW = 'That photo is itself another view: choose the first view of the room'
const ON_ITS_OWN =
	'Staged on its own: Local preview (colour grading only) does not stage views of one room together yet'

type Photo = { name: string; mimeType: string; buffer: Buffer }

const stepHeading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name })

/** A change made before React hydrates the page is lost: picked again until the list shows the photos. */
async function pickPhotos(page: Page, photos: Photo[]) {
	const input = page.getByLabel('Room photos (JPG, PNG, WebP)')
	await expect(async () => {
		await input.setInputFiles(photos)
		await expect(page.getByText(`${photos.length} photos selected`, { exact: true })).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })
}

test('two photos of the living room marked as one room, staged and shown side by side', async ({ page }) => {
	test.setTimeout(90_000)
	// Real photos: their room types are suggested by what they show.
	const photos = [
		roomPhotoFile('living-02.jpg', 'living-room.jpg'),
		roomPhotoFile('living-03.jpg', 'living-room-window.jpg'),
		roomPhotoFile('kitchen-03.jpg', 'kitchen-1.jpg'),
	]
	await signUp(page, 'Vera', PASSWORD)
	const created = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: `9 Bay View, Whitby (${randomUUID().slice(0, 6)})` },
	})
	expect(created.status()).toBe(201)
	const { id: projectId } = (await created.json()) as { id: string }
	await page.goto(`/property-studio/${projectId}`)

	await expect(stepHeading(page, 'Upload Photos')).toBeVisible()
	await pickPhotos(page, photos)
	await page.getByRole('button', { name: 'Continue', exact: true }).click()
	await expect(stepHeading(page, 'Confirm Rooms')).toBeVisible()
	await expect(page.getByLabel('Room type for living-room-window.jpg')).toHaveValue('living')

	// Two photos of one room type: each uploaded photo is listed with "Same room as…".
	const sameRoom = page.getByLabel('Living Room 2: Same room as…')
	await expect(sameRoom).toBeVisible()
	await expect(sameRoom.locator('option')).toHaveText(['None', 'Living Room'])
	// The kitchen is offered to no living room, and has nothing to be the same room as.
	await expect(page.getByLabel('Kitchen: Same room as…')).toHaveCount(0)
	await expect(page.getByLabel('Living Room: Same room as…').locator('option')).toHaveText(['None', 'Living Room 2'])

	// Marked from elsewhere (the API) while this page is open: the page's older choice, the first
	// photo as a view of the second, is refused in core's words beside the photo.
	const listed = (await (await page.request.get(`/api/property-studio/projects/${projectId}/rooms`)).json()) as Array<{
		id: string
		roomName: string
	}>
	const idOf = (name: string) => listed.find((r) => r.roomName === name)!.id
	const elsewhere = await page.request.post(`/api/property-studio/rooms/${idOf('Living Room 2')}/same-room`, {
		data: { sameRoomAs: idOf('Living Room') },
	})
	expect(elsewhere.status()).toBe(200)
	await page.getByLabel('Living Room: Same room as…').selectOption('Living Room 2')
	await expect(page.getByRole('alert').filter({ hasText: ALREADY_A_VIEW })).toBeVisible()
	const group = page.getByRole('region', { name: 'Living Room: 2 views of one room' })
	await expect(group).toBeVisible()

	// Unmarked, then marked again on the page: each change posts at once.
	await sameRoom.selectOption('None')
	await expect(group).toHaveCount(0)
	await sameRoom.selectOption('Living Room')
	await expect(group).toBeVisible()
	await expect(group.getByText('View 2 of Living Room', { exact: true })).toBeVisible()
	await expect(group.getByLabel('Living Room 2: Same room as…')).toHaveValue(/[0-9a-f-]{36}/)
	// The first view says it has a view; it cannot become a view itself while it has one.
	await expect(group.getByText('First view of this room, with 1 other view')).toBeVisible()
	await expect(page.getByLabel('Living Room: Same room as…')).toHaveCount(0)
	await expectAccessible(page)

	const rooms = (await (await page.request.get(`/api/property-studio/projects/${projectId}/rooms`)).json()) as Array<{
		id: string
		roomName: string
		sameRoomAs: string | null
	}>
	const first = rooms.find((r) => r.roomName === 'Living Room')!
	expect(rooms.find((r) => r.roomName === 'Living Room 2')?.sameRoomAs).toBe(first.id)

	await page.getByRole('button', { name: 'Continue', exact: true }).click()
	await expect(stepHeading(page, 'Choose Styles')).toBeVisible()
	await expect(page.getByText('View 2 of Living Room', { exact: true })).toBeVisible()
	for (const room of ['Living Room', 'Living Room 2'])
		await page
			.getByRole('group', { name: `Styles for ${room}`, exact: true })
			.getByRole('checkbox', { name: /^Modern\b/ })
			.check()
	await expect(page.getByText('This will generate 6 variation(s)')).toBeVisible()
	await page.getByRole('button', { name: 'Process Images' }).click()

	await expect(stepHeading(page, 'Rendos Ready!')).toBeVisible({ timeout: RENDER_TIMEOUT })
	await page.getByRole('region', { name: 'Rendos Ready!' }).getByRole('link', { name: 'View Gallery' }).click()
	await expect(stepHeading(page, 'Your Rendos')).toBeVisible()

	// The gallery: the second view beside the first, captioned, with the preview's note under its image.
	const views = page.getByRole('region', { name: 'Living Room: 2 views of one room' })
	const firstView = views.getByRole('region', { name: 'Modern Living Room variations' })
	const secondView = views.getByRole('region', { name: 'Modern Living Room 2 variations' })
	await expect(firstView.getByText('1 of 3 variations')).toBeVisible()
	await expect(secondView.getByText('1 of 3 variations')).toBeVisible()
	await expect(views.getByText('View 2 of Living Room', { exact: true })).toBeVisible()
	await expect(secondView.getByRole('note')).toHaveText(ON_ITS_OWN)
	await expect(firstView.getByRole('note')).toHaveCount(0)
	const [a, b] = await Promise.all([firstView.boundingBox(), secondView.boundingBox()])
	// Side by side on a wide screen, one under the other on a phone: next to each other either way.
	if ((page.viewportSize()?.width ?? 0) >= 1024) {
		expect(b!.x).toBeGreaterThan(a!.x + a!.width)
		expect(Math.abs(a!.y - b!.y)).toBeLessThan(a!.height / 2)
	} else expect(b!.y).toBeGreaterThan(a!.y + a!.height)
	await expectAccessible(page)
})

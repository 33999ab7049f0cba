import { expect, test } from '@playwright/test'
import { roomPhotoFile, signUp } from './helpers.ts'

// Scripts off: the plain upload form posts its photos together; the server reads each by its bytes.

test('a text file named .jpg among photos is refused by name, and the photos are kept', async ({ page }) => {
	test.setTimeout(60_000)
	await signUp(page, 'Noor', 'careless-plain-2026')
	const created = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: `4 Net Loft, St Ives TR26 1AA (${Date.now()})` },
	})
	const { id } = (await created.json()) as { id: string }
	await page.goto(`/property-studio/${id}`)
	const bedroom = roomPhotoFile('bedroom-03.jpg', 'IMG_0101.jpg')
	const notAPhoto = { name: 'IMG_0102.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') }
	await page.getByLabel('Room photos (JPG, PNG, WebP)').setInputFiles([bedroom, notAPhoto])
	await page.getByRole('button', { name: 'Continue', exact: true }).click()

	await expect(
		page.getByText('Failed to upload image IMG_0102.jpg: Please upload a JPG, PNG or WebP image'),
	).toBeVisible()
	await expect(page.getByText('Already in this project: 1 room')).toBeVisible()
	const rooms = (await (await page.request.get(`/api/property-studio/projects/${id}/rooms`)).json()) as Array<{
		roomType: string
		roomTypeBy: string
	}>
	expect(rooms.map((room) => [room.roomType, room.roomTypeBy])).toEqual([['bedroom', 'photo']])

	// On to confirm the photo kept: its suggestion is offered.
	await page.goto(`/property-studio/${id}?step=room-confirmation`)
	await expect(page.getByLabel('Room type for Bedroom')).toHaveValue('bedroom')
})

import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './axe.ts'
import { roomPhotoFile, signUp } from './helpers.ts'

// A careless pick is found as it is chosen: a text file named .jpg is said at once, on its own row,
// with a Remove and no Retry; the room types come from what the photos show, not their names.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const notAPhoto = { name: 'IMG_4530.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Shopping list: milk, eggs\n') }
// An empty room (tests/fixtures/real-staging/SOURCES.md, pair 13's photo): nothing in it tells the room.
const emptyRoom = {
	name: 'IMG_4531.jpg',
	mimeType: 'image/jpeg',
	buffer: fs.readFileSync(path.join(import.meta.dirname, '../fixtures/real-staging/13-before.jpg')),
}

async function newProject(page: Page) {
	await signUp(page, 'Cara', 'careless-2026')
	const response = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: `9 Harbour Row, Fowey PL23 1AA (${Date.now()})` },
	})
	const { id } = (await response.json()) as { id: string }
	expect(id).toMatch(new RegExp(`^${UUID}$`))
	await page.goto(`/property-studio/${id}`)
	await expect(page.getByRole('heading', { level: 2, name: 'Upload Photos' })).toBeVisible()
	return id
}

test('a text file named .jpg is refused on its row at once, and removing it leaves the photos', async ({ page }) => {
	test.setTimeout(90_000)
	const projectId = await newProject(page)
	const bedroom = roomPhotoFile('bedroom-01.jpg', 'IMG_4521.jpg')
	const input = page.getByLabel('Room photos (JPG, PNG, WebP)')
	await expect(async () => {
		await input.setInputFiles([bedroom, notAPhoto, emptyRoom])
		await expect(page.getByText('3 photos selected', { exact: true })).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })

	const row = (name: string) => page.getByRole('listitem').filter({ hasText: name })
	// The text file: the message on its row, a Remove, and no Retry (sending it again cannot help).
	await expect(row(notAPhoto.name).getByRole('alert')).toHaveText('Please upload a JPG, PNG or WebP image')
	await expect(row(notAPhoto.name).getByRole('button', { name: `Remove ${notAPhoto.name}` })).toBeVisible()
	await expect(row(notAPhoto.name).getByRole('button', { name: 'Retry' })).toHaveCount(0)
	// The photos go up as they are chosen; each says what it shows, or that it is not sure.
	await expect(row(bedroom.name).getByText('Detected: Bedroom')).toBeVisible({ timeout: 30_000 })
	await expect(row(emptyRoom.name).getByText('Detected: Not sure: choose it next')).toBeVisible({ timeout: 30_000 })
	const next = page.getByRole('button', { name: 'Continue', exact: true })
	await expect(next).toBeDisabled()
	await expectAccessible(page)

	await row(notAPhoto.name)
		.getByRole('button', { name: `Remove ${notAPhoto.name}` })
		.click()
	await expect(row(notAPhoto.name)).toHaveCount(0)
	await expect(page.getByText('2 photos selected', { exact: true })).toBeVisible()
	await expect(row(bedroom.name).getByText('Uploaded')).toBeVisible()
	await expect(next).toBeEnabled()

	// Nothing of the text file reached the project: two rooms, both photos.
	const rooms = (await (await page.request.get(`/api/property-studio/projects/${projectId}/rooms`)).json()) as Array<{
		roomType: string
		roomTypeBy: string
	}>
	// (In the order they arrived: each goes up once checked.)
	expect(rooms.map((room) => [room.roomType, room.roomTypeBy]).sort()).toEqual([
		['bedroom', 'photo'],
		['living', 'nobody'],
	])

	// Step 2: the bedroom as suggested; the empty room with no guess, to be chosen.
	await next.click()
	await expect(page.getByRole('heading', { level: 2, name: 'Confirm Rooms' })).toBeVisible()
	await expect(page.getByLabel(`Room type for ${bedroom.name}`)).toHaveValue('bedroom')
	const empty = page.getByLabel(`Room type for ${emptyRoom.name}`)
	await expect(empty).toHaveValue('')
	await expectAccessible(page)
	await empty.selectOption('dining')
	await page.getByRole('button', { name: 'Continue', exact: true }).click()
	await expect(page.getByRole('heading', { level: 2, name: 'Choose Styles' })).toBeVisible()
	await expect(page.getByRole('group', { name: 'Styles for Dining Room' })).toBeVisible()
})

test('a photo taken back after it went up leaves the project', async ({ page }) => {
	test.setTimeout(60_000)
	const projectId = await newProject(page)
	const kitchen = roomPhotoFile('kitchen-03.jpg', 'IMG_4540.jpg')
	const living = roomPhotoFile('living-02.jpg', 'IMG_4541.jpg')
	await expect(async () => {
		await page.getByLabel('Room photos (JPG, PNG, WebP)').setInputFiles([kitchen, living])
		await expect(page.getByText('2 photos selected', { exact: true })).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 15_000 })
	const row = (name: string) => page.getByRole('listitem').filter({ hasText: name })
	await expect(row(kitchen.name).getByText('Detected: Kitchen')).toBeVisible({ timeout: 30_000 })
	await expect(row(living.name).getByText('Detected: Living Room')).toBeVisible({ timeout: 30_000 })
	await expectAccessible(page)

	await row(kitchen.name)
		.getByRole('button', { name: `Remove ${kitchen.name}` })
		.click()
	await expect(page.getByText('1 photo selected', { exact: true })).toBeVisible()
	// Still the upload: the rows refreshed after the removal do not move the page on past the confirmation.
	await expect(page).toHaveURL(/\?step=upload$/)
	await expect(page.getByRole('heading', { level: 2, name: 'Upload Photos' })).toBeVisible()
	await expect(async () => {
		const rooms = (await (await page.request.get(`/api/property-studio/projects/${projectId}/rooms`)).json()) as Array<{
			roomType: string
		}>
		expect(rooms.map((room) => room.roomType)).toEqual(['living'])
	}).toPass({ timeout: 10_000 })
})

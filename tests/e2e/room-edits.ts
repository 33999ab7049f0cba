import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect } from './axe.ts'

/**
 * A project with pair 36's furnished living room (tests/fixtures/real-staging: a sofa, a lamp and
 * a plant), uploaded through the studio's JSON API and not staged: the gallery offers its edits.
 */
export async function furnishedLivingRoom(page: Page) {
	const created = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: `36 Linden Walk, York (${randomUUID().slice(0, 6)})` },
	})
	expect(created.status()).toBe(201)
	const { id } = (await created.json()) as { id: string }
	const photo = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/real-staging/36-before.jpg'))
	const upload = await page.request.post('/api/property-studio/upload-image', {
		multipart: {
			projectId: id,
			roomType: 'living',
			roomName: 'Lounge',
			hasFurniture: 'true',
			image: { name: 'IMG_0036.jpg', mimeType: 'image/jpeg', buffer: photo },
		},
	})
	expect(upload.status()).toBe(201)
	return id
}

/**
 * The scope check's line for the lamp and the plant, as the gallery shows it under the edit once
 * delivered. (The lamp alone, painted out by the local preview, is flagged "The lamp is still
 * there": the check's verdict on that answer, which the gallery would show with "Replace it free".)
 */
export const LAMP_AND_PLANT_REMOVED = 'Removed: a plant and a lamp; nothing else changed'
export const WALLS_RENOVATED = 'Renovated: walls; nothing else changed'
// Rendering and checking a 12 MP-class photo on a shared 2-core machine.
export const EDIT_TIMEOUT = 90_000

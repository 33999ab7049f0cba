import type { Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'

/** The landing page's free-trial form, for the journeys with and without JavaScript. */

type Photo = { name: string; mimeType: string; buffer: Buffer }

let photo: Promise<Photo> | undefined
export function roomPhoto() {
	return (photo ??= makeRoomPhoto({ width: 640, height: 480 }).then((buffer) => ({
		name: 'lounge.jpg',
		mimeType: 'image/jpeg',
		buffer,
	})))
}

export const email = () => `visitor.${randomUUID().slice(0, 8)}@example.com`

export async function fillTrial(page: Page, address: string) {
	const section = page.locator('#try-it-free')
	await section.getByLabel('Name').fill('Vera Visitor')
	await section.getByLabel('Email').fill(address)
	await section.getByLabel('Room type').selectOption('living_room')
	await section.getByLabel('Furniture style').selectOption('scandinavian')
	await section.getByLabel('Remove the existing furniture').check()
}

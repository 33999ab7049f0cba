import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect } from './axe.ts'

/**
 * A signed-in agent, quicker than the register page: the API sets the session cookie on the page's context.
 * Returns the e-mail.
 */
export async function signUp(page: Page, firstName: string, password: string) {
	const id = randomUUID().slice(0, 8)
	const name = firstName.toLowerCase()
	const email = `${name}.${id}@example.com`
	const response = await page.request.post('/api/auth/register', {
		data: { firstName, lastName: 'Tester', username: `${name}_${id}`, email, password, confirmPassword: password },
	})
	expect(response.ok()).toBe(true)
	return email
}

/** The path of the free-trial link e-mailed to an address: the server writes its outbox into the test data folder. */
export async function mailedTrialLink(address: string) {
	const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox')
	let link: string | undefined
	await expect(async () => {
		const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : []
		const mail = mails
			.map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
			.find((text) => text.includes(`To: ${address}`))
		link = mail?.replace(/=\r\n/g, '').match(/https?:\/\/[^\s"]+\/trial\/[0-9a-f]{32}/)?.[0]
		expect(link).toBeTruthy()
	}).toPass({ timeout: 30_000 })
	return new URL(link!).pathname
}

const ROOM_FIXTURES = path.join(import.meta.dirname, '../fixtures/rooms')

/**
 * A real photo of a room (tests/fixtures/rooms, SOURCES.md) under the name the agent's phone gives
 * it: the studio suggests a room type from what a photo shows, which a drawn test image does not.
 */
export function roomPhotoFile(
	fixture: `${'bedroom' | 'kitchen' | 'living' | 'bathroom' | 'dining'}-0${1 | 2 | 3}.jpg`,
	name: string,
) {
	return { name, mimeType: 'image/jpeg', buffer: fs.readFileSync(path.join(ROOM_FIXTURES, fixture)) }
}

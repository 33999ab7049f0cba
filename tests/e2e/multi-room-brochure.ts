import type { Page } from '@playwright/test'
import { expect } from './axe.ts'

/** A brochure's photo as the multi-room form takes it. */
export interface BrochurePhoto {
	name: string
	bytes: Buffer
	mimeType?: string
}

/**
 * Asks for a coastal brochure of `photos` for the buyer Mia through the JSON API, as the
 * signed-in agent (agentEmail); the brochure is built in the background.
 */
export async function requestMultiRoomBrochure(
	page: Page,
	{ address, agentEmail, photos }: { address: string; agentEmail: string; photos: BrochurePhoto[] },
) {
	const form = new FormData()
	for (const [name, value] of Object.entries({
		clientName: 'Mia Buyer',
		propertyAddress: address,
		stylePreference: 'coastal',
		agentEmail,
	}))
		form.set(name, value)
	for (const photo of photos)
		form.append(
			'property-images',
			new Blob([new Uint8Array(photo.bytes)], { type: photo.mimeType ?? 'image/jpeg' }),
			photo.name,
		)
	expect((await page.request.post('/api/client-preferences-multi-room', { multipart: form })).status()).toBe(201)
}

/** The agent's newest brochure's web page, once it is built: '/brochure/<token>'. */
export async function builtBrochurePath(page: Page, timeout: number) {
	let webUrl = ''
	await expect(async () => {
		const [brochure] = (await (await page.request.get('/api/agent/brochures')).json()) as Array<{
			webUrl: string | null
		}>
		webUrl = brochure?.webUrl ?? ''
		expect(webUrl).toMatch(/^\/brochure\/[0-9a-f]{32}$/)
	}).toPass({ timeout })
	return webUrl
}

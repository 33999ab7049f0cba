import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'
import { signUp } from './helpers.ts'
import { everyVariationCompleted, uploadedProject } from './rendered-project.ts'

// The restage-views specs run on the second server, which stages through a model of OpenAI's API
// (tests/e2e/openai-server.ts): the local preview stages each view on its own.
export const OPENAI_SERVER = process.env.E2E_OPENAI_URL

const RENDER_TIMEOUT = 60_000

type Variation = { id: string; roomId: string; status: string; generationNumber: number; matchedTo: string | null }

export async function variationsOf(page: Page, projectId: string) {
	return (await (await page.request.get(`/api/property-studio/projects/${projectId}/variations`)).json()) as Variation[]
}

/**
 * Two photos of the living room, the second marked as a view of the first, staged in Modern (one
 * variation each, the view matched to the first), then the first view remodelled once: the gallery
 * then offers to restage the view to match the remodel. Made through the JSON API, as the workflow would.
 */
export async function remodelledFirstView(page: Page, firstName: string) {
	await signUp(page, firstName, 'matched-views-2026')
	const address = `5 Staithes Lane, Whitby (${randomUUID().slice(0, 6)})`
	const { id, roomIds } = await uploadedProject(page, address, [
		{ roomType: 'living', seed: 7, roomName: 'Lounge' },
		{ roomType: 'living', seed: 8, roomName: 'Lounge from the window' },
	])
	const [first, view] = roomIds
	const marked = await page.request.post(`/api/property-studio/rooms/${view}/same-room`, {
		data: { sameRoomAs: first },
	})
	expect(marked.status()).toBe(200)
	for (const roomId of roomIds) {
		const process = await page.request.post(`/api/property-studio/rooms/${roomId}/process`, {
			data: { styles: ['modern'], variationCount: 1 },
		})
		expect(process.status()).toBe(202)
	}
	await everyVariationCompleted(page, id, 2)
	const remodel = await page.request.post(`/api/property-studio/rooms/${first}/remodel`, { data: { style: 'modern' } })
	expect(remodel.status()).toBe(202)
	const remodelId = ((await remodel.json()) as { variation: { id: string } }).variation.id
	await everyVariationCompleted(page, id, 3)
	return { projectId: id, first, view, remodelId }
}

/** The view's restaged variation: its second generation, matched to the remodel, rendered. */
export async function expectViewRestaged(page: Page, projectId: string, view: string, remodelId: string) {
	await expect(async () => {
		const restaged = (await variationsOf(page, projectId)).filter((v) => v.roomId === view && v.generationNumber === 2)
		expect(restaged.map((v) => [v.status, v.matchedTo])).toEqual([['completed', remodelId]])
	}).toPass({ timeout: RENDER_TIMEOUT })
}

import type { Page } from '@playwright/test'
import { expect } from './axe.ts'
import { favouriteOnePerRoom, renderedProject } from './rendered-project.ts'

/** A project rendered, one favourite per room, and completed on the invoice: what an agent has bought. */
export async function paidProject(page: Page, address: string) {
	const { id } = await renderedProject(page, address)
	await favouriteOnePerRoom(page, id)
	const completed = await page.request.post(`/api/property-studio/projects/${id}/complete`, {
		data: { watermarkingEnabled: false },
	})
	expect(completed.ok()).toBe(true)
	return id
}

import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { signUp } from './helpers.ts'
import { renderedProject } from './rendered-project.ts'

export const STATEMENT =
	'Photos of this property were digitally altered. Each altered image is shown beside the original photo it was made from.'

/** An agent with a project of one rendered room (Modern living room); returns its first image's id. */
export async function agentWithRenderedRoom(page: Page, firstName: string) {
	await signUp(page, firstName, 'originals-2026')
	const address = `9 Orchard Close, Frome (${randomUUID().slice(0, 6)})`
	const { id } = await renderedProject(page, address, [{ roomType: 'living', style: 'modern', seed: 6 }])
	const variations = (await (
		await page.request.get(`/api/property-studio/projects/${id}/variations`)
	).json()) as Array<{
		id: string
		variationIndex: number
	}>
	const first = [...variations].sort((a, b) => a.variationIndex - b.variationIndex)[0]
	return { projectId: id, address, variationId: first.id }
}

/** The originals page's address as the downloads page links it. */
export function originalsLink(page: Page) {
	return page.getByRole('region', { name: 'Disclosure and originals' }).getByRole('link', { name: /\/o\// })
}

/**
 * The page at an image's anchor: the altered image and its original, both loaded, the alteration
 * and the date beside them, and a full-size link to each file.
 */
export async function expectPairAtAnchor(page: Page, variationId: string) {
	const pair = page.locator(`article#v-${variationId}`)
	await expect(pair).toBeInViewport()
	// Its heading shows below the site's sticky header, not under it.
	const title = pair.getByRole('heading', { level: 3 })
	await expect
		.poll(() =>
			title.evaluate((heading) => {
				const box = heading.getBoundingClientRect()
				return heading.contains(document.elementFromPoint(box.left + 4, box.top + box.height / 2))
			}),
		)
		.toBe(true)
	await expect(pair.getByText('Furniture added, Modern style')).toBeVisible()
	await expect(pair.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
	const altered = pair.getByRole('img', { name: 'Living Room: furniture added, modern style' })
	const original = pair.getByRole('img', { name: 'Living Room: the original photo' })
	for (const image of [altered, original]) {
		await expect(image).toBeVisible()
		await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy()
	}
	const links = pair.getByRole('link', { name: /^Full size/ })
	await expect(links).toHaveCount(2)
	await expect(links.first()).toHaveAttribute('href', new RegExp(`/${variationId}/altered$`))
	await expect(links.last()).toHaveAttribute('href', new RegExp(`/${variationId}/original$`))
	return { altered, original }
}

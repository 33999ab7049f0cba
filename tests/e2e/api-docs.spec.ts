import { expect, expectAccessible, test } from './axe.ts'

/**
 * The API reference page: our own components from our own origin (nothing fetched elsewhere),
 * an anchor per operation, and no sideways scrolling on a phone.
 */
test('the API reference lists every operation from the document, with anchors, on any screen', async ({
	page,
	request,
	baseURL,
}) => {
	const foreign: string[] = []
	page.on('request', (r) => {
		if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url())
	})
	const document = await (await request.get('/api/openapi.json')).json()
	expect(document.openapi).toBe('3.1.0')

	await page.goto('/api/docs')
	await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
	const operationIds = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
		(item) => Object.values(item).map((op) => op.operationId),
	)
	await expect(page.locator('article[id]')).toHaveCount(operationIds.length)

	const contents = page.getByRole('navigation', { name: 'Contents' })
	await contents.getByRole('link', { name: '/api/property-studio/projects/{id}/variations' }).click()
	await expect(page).toHaveURL(/#getPropertyStudioProjectsIdVariations$/)
	const operation = page.locator('#getPropertyStudioProjectsIdVariations')
	await expect(operation).toBeInViewport()
	await expect(operation).toContainText('Token scope read')
	await expect(operation).toContainText('304')

	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
	expect(overflow).toBeLessThanOrEqual(0)
	expect(foreign).toEqual([])
	await expectAccessible(page)
})

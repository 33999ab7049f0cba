import { expect, test } from '@playwright/test'
import { expectViewRestaged, OPENAI_SERVER, remodelledFirstView } from './matched-views.ts'

// The no-javascript project: restaging a room's views to match a remodel of its first view is a
// plain post, answered with a redirect back to the gallery, where the view's new variation shows.
test.use({ baseURL: OPENAI_SERVER })

test('restaging the other view to match a remodel with a plain form', async ({ page }) => {
	test.setTimeout(90_000)
	const { projectId, view, remodelId } = await remodelledFirstView(page, 'Ivo')
	await page.goto(`/property-studio/${projectId}?step=results`)

	const firstView = page.getByRole('region', { name: 'Modern Lounge variations' })
	await firstView
		.getByRole('button', { name: 'Restage the other views to match Modern Lounge, variation 2', exact: true })
		.click()
	await expect(page).toHaveURL(/\?step=results$/)
	await expect(
		page.getByRole('region', { name: 'Modern Lounge from the window variations' }).getByText('1 of 2 variations'),
	).toBeVisible()
	await expectViewRestaged(page, projectId, view, remodelId)
	// Matched now: a reload offers it no more.
	await page.reload()
	await expect(firstView.getByRole('button', { name: /^Restage the other views/ })).toHaveCount(0)
})

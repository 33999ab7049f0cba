import { expect, expectAccessible, test } from './axe.ts'
import { expectViewRestaged, OPENAI_SERVER, remodelledFirstView } from './matched-views.ts'

// After a remodel of a room's first view, the gallery offers to restage its other views to match
// the new image; the view's new variation is staged with it as the reference.
test.use({ baseURL: OPENAI_SERVER })

test('a remodel of the first view offers to restage the other view to match it', async ({ page }) => {
	test.setTimeout(90_000)
	const { projectId, view, remodelId } = await remodelledFirstView(page, 'Maud')
	await page.goto(`/property-studio/${projectId}?step=results`)

	const views = page.getByRole('region', { name: 'Lounge: 2 views of one room' })
	const firstView = views.getByRole('region', { name: 'Modern Lounge variations' })
	const secondView = views.getByRole('region', { name: 'Modern Lounge from the window variations' })
	await expect(firstView.getByText('1 of 2 variations')).toBeVisible()
	// The first image is what the view already matches: only the remodel offers a restage.
	const offers = firstView.getByRole('button', { name: /^Restage the other views to match/ })
	await expect(offers).toHaveCount(1)
	await expect(secondView.getByRole('button', { name: /^Restage/ })).toHaveCount(0)

	await firstView.getByRole('button', { name: 'Next variation' }).click()
	await expect(firstView.getByText('2 of 2 variations')).toBeVisible()
	await expectAccessible(page)
	await firstView
		.getByRole('button', { name: 'Restage the other views to match Modern Lounge, variation 2', exact: true })
		.click()
	await expect(page.getByText('Restaging 1 other view to match', { exact: true })).toBeVisible()
	// The view's new variation shows as processing, then rendered; the offer is gone once it matches.
	await expect(secondView.getByText(/of 2 variations/)).toBeVisible()
	await expect(offers).toHaveCount(0)
	await expectViewRestaged(page, projectId, view, remodelId)
})

import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'

/**
 * The quick transform's checks in the browser (zod and conform's parser) load when the form is
 * first used, not with the page: /transform's main thread stays free at load (Lighthouse's blocking
 * time). A submit before they are in waits for them.
 */
test('the quick transform loads its checks on first use, then refuses a submit without a photo in the page', async ({
	page,
}) => {
	await signUp(page, 'Quinn', 'quick-2026')
	const validation: string[] = []
	page.on('request', (request) => {
		if (/\/assets\/validation-[\w-]+\.js$/.test(request.url())) validation.push(request.url())
	})
	await page.goto('/transform')
	await expect(page.getByRole('heading', { level: 1, name: 'Transform Your Property' })).toBeVisible()
	// hydrated: React has attached its handlers to the form
	await page.waitForFunction(() => {
		const form = document.getElementById('transform-form')
		return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'))
	})
	await expectAccessible(page)
	expect(validation).toEqual([])

	await page.getByRole('button', { name: 'Transform Property' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'No file selected' }).first()).toBeVisible()
	await expect(page.getByLabel('Property photo')).toHaveAttribute('aria-invalid', 'true')
	await expect(page).toHaveURL(/\/transform$/)
	expect(validation).toHaveLength(1)
	await expectAccessible(page)
})

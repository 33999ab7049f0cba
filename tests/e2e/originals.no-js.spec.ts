import { expect, test } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { agentWithRenderedRoom, expectPairAtAnchor, originalsLink, STATEMENT } from './originals.ts'

// Scripts are off (the no-javascript project): the originals page is a plain page and the agent's
// controls plain form posts. axe needs scripts: the public pages are scanned again in a context
// with them (the project's settings would turn them off here too).

test('without JavaScript: the originals page, switched off and on, then a new address', async ({ page, browser }) => {
	test.setTimeout(120_000)
	const { projectId, address, variationId } = await agentWithRenderedRoom(page, 'Nell')
	await page.goto(`/property-studio/${projectId}/downloads`)
	const section = page.getByRole('region', { name: 'Disclosure and originals' })
	const firstUrl = (await originalsLink(page).getAttribute('href'))!

	await originalsLink(page).click()
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
	await expect(page.getByText(STATEMENT)).toBeVisible()
	await page.goto(`${firstUrl}#v-${variationId}`)
	await expectPairAtAnchor(page, variationId)
	await page.goBack()
	await page.goBack()

	// Off: the address answers 404 with a plain page; on again: 200.
	await section.getByRole('button', { name: 'Switch the page off' }).click()
	await expect(section.getByText('Off: the address answers "not found"')).toBeVisible()
	expect((await page.request.get(firstUrl)).status()).toBe(404)
	await section.getByRole('button', { name: 'Switch the page on' }).click()
	await expect(section.getByText('On: anyone with the address can see it')).toBeVisible()
	expect((await page.request.get(firstUrl)).status()).toBe(200)

	await section.getByRole('button', { name: 'Issue a new address' }).click()
	await expect(originalsLink(page)).not.toHaveAttribute('href', firstUrl)
	const newUrl = (await originalsLink(page).getAttribute('href'))!
	const gone = await page.goto(firstUrl)
	expect(gone?.status()).toBe(410)
	await expect(page.getByRole('heading', { level: 1, name: 'This address has been replaced' })).toBeVisible()
	expect((await page.goto(newUrl))?.status()).toBe(200)
	await expectPairAtAnchor(page, variationId)

	// The same public pages, scanned where axe can run: no login is needed to see them.
	const scanning = await browser.newContext({ javaScriptEnabled: true })
	const visitor = await scanning.newPage()
	await visitor.goto(`${newUrl}#v-${variationId}`)
	await expectPairAtAnchor(visitor, variationId)
	await expectAccessible(visitor)
	expect((await visitor.goto(firstUrl))?.status()).toBe(410)
	await expectAccessible(visitor)
	await scanning.close()
})

import { expect, expectAccessible, test } from './axe.ts'
import { agentWithRenderedRoom, expectPairAtAnchor, originalsLink, STATEMENT } from './originals.ts'

test('the downloads page leads to the originals page; a new address retires the old one (410)', async ({ page }) => {
	test.setTimeout(120_000)
	const { projectId, address, variationId } = await agentWithRenderedRoom(page, 'Olive')

	await page.goto(`/property-studio/${projectId}/downloads`)
	const section = page.getByRole('region', { name: 'Disclosure and originals' })
	await expect(section.getByText('On: anyone with the address can see it')).toBeVisible()
	await expect(section.getByText(/^127\.0\.0\.1:\d+\/o\/[\w-]{22}$/)).toBeVisible()
	await expectAccessible(page)
	const firstUrl = (await originalsLink(page).getAttribute('href'))!

	// The buyer's view: the property, what the page is, each altered image beside its original.
	await originalsLink(page).click()
	await expect(page).toHaveURL(firstUrl)
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
	await expect(page.getByText(STATEMENT)).toBeVisible()
	await expect(page.getByRole('article')).toHaveCount(3)
	await expectAccessible(page)

	// The label's QR code leads to one image's anchor.
	await page.goto(`${firstUrl}#v-${variationId}`)
	const { altered, original } = await expectPairAtAnchor(page, variationId)
	// Side by side on a wide screen; stacked, the altered one first, on a phone.
	const [a, o] = [(await altered.boundingBox())!, (await original.boundingBox())!]
	if (page.viewportSize()!.width >= 640) expect(Math.abs(a.y - o.y)).toBeLessThan(2)
	else expect(o.y).toBeGreaterThan(a.y + a.height)
	await expectAccessible(page)

	// Back on the downloads page, a new address.
	await page.goBack()
	await page.goBack()
	await expect(page).toHaveURL(new RegExp(`/property-studio/${projectId}/downloads$`))
	await section.getByRole('button', { name: 'Issue a new address' }).click()
	await expect(page.getByText('New address issued', { exact: true })).toBeVisible()
	await expect(originalsLink(page)).not.toHaveAttribute('href', firstUrl)
	await expectAccessible(page)
	const newUrl = (await originalsLink(page).getAttribute('href'))!

	const gone = await page.goto(firstUrl)
	expect(gone?.status()).toBe(410)
	expect(gone?.headers()['x-robots-tag']).toBe('noindex, nofollow')
	await expect(page.getByRole('heading', { level: 1, name: 'This address has been replaced' })).toBeVisible()
	await expectAccessible(page)

	const live = await page.goto(newUrl)
	expect(live?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
	await expectAccessible(page)
})

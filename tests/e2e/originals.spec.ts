import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
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

test("a buyer at an image's anchor sees the agency's header, not Rendo's, with the image's title in view", async ({
	page,
}) => {
	test.setTimeout(120_000)
	const { projectId, address, variationId } = await agentWithRenderedRoom(page, 'Hana')
	// The agency's brand profile, with a logo, as the onboarding wizard posts it.
	const form = new FormData()
	for (const [name, value] of Object.entries({
		companyName: 'Harbour Homes',
		agentName: 'Hana Agent',
		email: `hana.${randomUUID().slice(0, 8)}@harbourhomes.example`,
		phone: '0117 496 0000',
		website: 'harbourhomes.example',
		primaryColor: '#0f2a44',
		secondaryColor: '#ffffff',
		accentColor: '#3b82f6',
	}))
		form.set(name, value)
	const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0f2a44' } })
		.png()
		.toBuffer()
	form.set('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png')
	expect((await page.request.post('/api/onboard-agent', { multipart: form })).ok()).toBe(true)
	await page.goto(`/property-studio/${projectId}/downloads`)
	const url = (await originalsLink(page).getAttribute('href'))!
	await expectAccessible(page)

	// The buyer follows the QR code: no session, straight to the image's anchor.
	await page.context().clearCookies()
	await page.goto(`${url}#v-${variationId}`)
	const header = page.getByRole('banner')
	const agencyLogo = header.getByRole('img', { name: 'Harbour Homes' })
	await expect(agencyLogo).toBeVisible()
	await expect.poll(() => agencyLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300)
	await expect(header.getByRole('link', { name: '0117 496 0000' })).toHaveAttribute('href', 'tel:01174960000')
	for (const rendo of [/Login/, /Pricing/, /Pioneer Program/, /Get Started/])
		await expect(page.getByRole('link', { name: rendo })).toHaveCount(0)
	await expect(page.getByRole('contentinfo').getByText('Made with Rendo')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeAttached()

	// The pair at its anchor, its title where nothing fixed or sticky lies over it.
	await expectPairAtAnchor(page, variationId)
	const title = page.locator(`article#v-${variationId}`).getByRole('heading', { level: 3 })
	const covered = await title.evaluate((heading) => {
		const box = heading.getBoundingClientRect()
		return [...document.querySelectorAll('body *')].some((element) => {
			const { position } = getComputedStyle(element)
			if (position !== 'fixed' && position !== 'sticky') return false
			const over = element.getBoundingClientRect()
			return over.bottom > box.top && over.top < box.bottom && over.right > box.left && over.left < box.right
		})
	})
	expect(covered).toBe(false)
	const top = await title.evaluate((heading) => heading.getBoundingClientRect().top)
	expect(top).toBeGreaterThanOrEqual(0)
	await expectAccessible(page)
})

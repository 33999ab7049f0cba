import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { signUp } from './helpers.ts'
import { favouriteOnePerRoom, renderedProject } from './rendered-project.ts'

// Scripts are off (the no-javascript project): every screen is a page, every mutation a plain form post.

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

test('without JavaScript: final review → logo → invoice checkout → Project Complete → the project list → downloads', async ({
	page,
}) => {
	test.setTimeout(120_000)
	await signUp(page, 'Nora', 'no-script-2026')
	const address = `7 Quiet Lane, Bath BA1 2AB (${randomUUID().slice(0, 6)})`
	const { id: projectId } = await renderedProject(page, address)
	await favouriteOnePerRoom(page, projectId)

	// The Complete step is an address of its own.
	await page.goto(`/property-studio/${projectId}?step=download`)
	await expect(heading(page, 'Final Review')).toBeVisible()
	await expect(page.getByText('2 of 2 favorites selected')).toBeVisible()
	const kitchen = page.getByRole('checkbox', { name: /Kitchen, Modern/ })
	const living = page.getByRole('checkbox', { name: /Living Room, Scandinavian/ })
	const pay = page.getByRole('button', { name: 'Pay & Receive Rendos' })

	// Nothing kept is refused by the page the post lands on, with the review's own words.
	await kitchen.uncheck()
	await living.uncheck()
	await pay.click()
	await expect(heading(page, 'Final Review')).toBeVisible()
	await expect(page.getByText('Select at least one image to keep.')).toBeVisible()
	await expect(page.getByText('0 of 2 favorites selected')).toBeVisible()

	// Keep the kitchen, brand it: there is no logo yet, so on to the logo screen.
	await kitchen.check()
	await page.getByRole('checkbox', { name: 'Brand Images with Your Logo' }).check()
	await page.getByRole('button', { name: 'Upload Logo' }).click()
	await expect(heading(page, 'Your Logo')).toBeVisible()
	const logoInput = page.getByLabel('Logo file (PNG, JPG or SVG, max. 5MB)')
	await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a logo') })
	await page.getByRole('button', { name: 'Upload Logo' }).click()
	await expect(heading(page, 'Your Logo')).toBeVisible()
	await expect(page.getByRole('alert').filter({ hasText: 'Invalid File Type' })).toBeVisible()
	await expect(page.getByText('Please upload a PNG, JPG or SVG file.')).toBeVisible()

	const logo = await sharp({ create: { width: 240, height: 120, channels: 4, background: '#0f766e' } })
		.png()
		.toBuffer()
	await logoInput.setInputFiles({ name: 'agency-logo.png', mimeType: 'image/png', buffer: logo })
	await page.getByRole('button', { name: 'Upload Logo' }).click()

	// Back on the review, with the logo, branding on, and the choice as it was.
	await expect(heading(page, 'Final Review')).toBeVisible()
	await expect(page.getByRole('img', { name: 'Your logo' })).toBeVisible()
	await expect(page.getByRole('checkbox', { name: 'Brand Images with Your Logo' })).toBeChecked()
	await expect(page.getByText('1 of 2 favorites selected')).toBeVisible()
	await expect(kitchen).toBeChecked()
	await expect(living).not.toBeChecked()

	// Invoice mode: confirming is the order.
	await pay.click()
	await expect(heading(page, 'Confirm Your Order')).toBeVisible()
	await expect(page.getByText('£99.00 will be billed to your monthly invoice. No card needed.')).toBeVisible()
	await page.getByRole('button', { name: 'Confirm Order' }).click()

	await expect(heading(page, 'Project Complete')).toBeVisible()
	await expect(
		page.getByText(
			/A billing event of £99\.00 has been logged: billed to your monthly invoice \(INV-\d{6}-[0-9A-F]{8}\)\./,
		),
	).toBeVisible()
	await expect(page.getByRole('definition').filter({ hasText: /^1$/ })).toBeVisible()

	// Two seconds later the browser itself goes on to the project list, saying what was bought, where the project is closed.
	await expect(page).toHaveURL(new RegExp(`/property-studio\\?bought=${projectId}$`))
	await expect(page.getByRole('region', { name: `Purchased: ${address}` })).toContainText(
		/£99\.00 on your monthly invoice INV-\d{6}-[0-9A-F]{8}: 1 image of 1 room, ready to download\./,
	)
	// The invoice link is a plain link: the invoice opens with its line, and its way back.
	await page.getByRole('link', { name: 'Invoice', exact: true }).click()
	const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}-[0-9A-F]{8}$/ })
	await expect(invoice.getByRole('row').filter({ hasText: address })).toContainText('£99.00')
	await page.getByRole('link', { name: 'Your invoices' }).click()
	await expect(
		page.getByRole('region', { name: 'Invoices' }).getByRole('link', { name: /^Invoice INV-/ }),
	).toBeVisible()
	await page.goto(`/property-studio?bought=${projectId}`)

	const card = page.getByRole('article').filter({ hasText: address })
	await expect(card.getByText('Project Complete - Workflow Closed')).toBeVisible()
	await card.getByRole('link', { name: 'Access Downloads' }).click()

	// The downloads page reloads itself while the final images are made, then lists the one kept.
	await expect(page).toHaveURL(new RegExp(`/property-studio/${projectId}/downloads$`))
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Download All Assets (1 file)' })).toBeVisible({ timeout: 15_000 })
	await expect(page.getByText('7-quiet-lane_kitchen_modern_1.jpg')).toBeVisible()
	await expect(page.getByText('Project Complete', { exact: true })).toHaveCount(0)
})

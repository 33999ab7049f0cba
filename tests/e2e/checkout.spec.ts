import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { readZip } from '../zip.ts'
import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'
import { renderedProject } from './rendered-project.ts'

const PASSWORD = 'checkout-2026'

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

test('favourites → final review with a logo → invoice checkout → the project list → downloads → a ZIP', async ({
	page,
}, testInfo) => {
	test.setTimeout(120_000)
	await signUp(page, 'Cara', PASSWORD)
	const address = `12 Acacia Avenue, Bristol BS1 4DJ (${randomUUID().slice(0, 6)})`
	const { id: projectId } = await renderedProject(page, address)

	// The gallery: two favourites, one per room.
	await page.goto(`/property-studio/${projectId}`)
	await expect(heading(page, 'Your Rendos')).toBeVisible()
	for (const label of ['Favorite Modern Kitchen, variation 1', 'Favorite Scandinavian Living Room, variation 1']) {
		const heart = page.getByRole('button', { name: label })
		await heart.click()
		await expect(heart).toHaveAttribute('aria-pressed', 'true')
	}
	await expectAccessible(page)
	await page.getByRole('link', { name: 'Select Favorites' }).click()
	await expect(heading(page, 'Review Your Favorites')).toBeVisible()
	await page.getByRole('link', { name: 'Continue', exact: true }).click()

	// The final review: favourites per room, all selected to begin with.
	await expect(heading(page, 'Final Review')).toBeVisible()
	await expect(page.getByText('2 of 2 favorites selected')).toBeVisible()
	await expect(page.getByRole('heading', { level: 3, name: /^Kitchen/ })).toBeVisible()
	await expect(page.getByRole('heading', { level: 3, name: /^Living Room/ })).toBeVisible()
	const pay = page.getByRole('button', { name: 'Pay & Receive Rendos' })
	await page.getByRole('button', { name: 'Clear Selection' }).click()
	await expect(page.getByText('0 of 2 favorites selected')).toBeVisible()
	await expect(pay).toBeDisabled()
	await page.getByRole('button', { name: 'Select All' }).click()
	await expect(page.getByText('2 of 2 favorites selected')).toBeVisible()
	await expect(page.getByRole('checkbox', { name: /Kitchen, Modern/ })).toBeChecked()
	await expectAccessible(page)

	// Branding needs a logo: the sub-screen refuses a text file, then takes a PNG.
	await page.getByRole('checkbox', { name: 'Brand Images with Your Logo' }).check()
	await expect(page.getByText('Upload your logo to brand your images.')).toBeVisible()
	await expect(pay).toBeDisabled()
	await page.getByRole('button', { name: 'Upload Logo' }).click()
	await expect(heading(page, 'Your Logo')).toBeVisible()
	const logoInput = page.getByLabel('Logo file (PNG, JPG or SVG, max. 5MB)')
	await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a logo') })
	await expect(page.getByText('Invalid File Type').first()).toBeVisible()
	await expectAccessible(page)
	const logo = await sharp({ create: { width: 240, height: 120, channels: 4, background: '#e11d48' } })
		.png()
		.toBuffer()
	await logoInput.setInputFiles({ name: 'agency-logo.png', mimeType: 'image/png', buffer: logo })
	await expect(page.getByRole('img', { name: 'New logo preview' })).toBeVisible()
	await page.getByRole('button', { name: 'Upload Logo' }).click()
	await expect(heading(page, 'Final Review')).toBeVisible()
	await expect(page.getByRole('img', { name: 'Your logo' })).toBeVisible()
	await expect(page.getByRole('checkbox', { name: 'Brand Images with Your Logo' })).toBeChecked()

	// Invoice mode: confirming is the order.
	await pay.click()
	await expect(heading(page, 'Confirm Your Order')).toBeVisible()
	await expect(page.getByText('Property Styling Service')).toBeVisible()
	await expect(page.getByText('£99.00 will be billed to your monthly invoice. No card needed.')).toBeVisible()
	await expectAccessible(page)
	await page.getByRole('button', { name: 'Confirm Order' }).click()
	await expect(heading(page, 'Project Complete')).toBeVisible()
	await expect(
		page.getByText(
			/A billing event of £99\.00 has been logged: billed to your monthly invoice \(INV-\d{6}-[0-9A-F]{8}\)\./,
		),
	).toBeVisible()

	// Two seconds later: the project list, saying what was just bought, where the project is closed.
	await expect(page).toHaveURL(new RegExp(`/property-studio\\?bought=${projectId}$`))
	const bought = page.getByRole('region', { name: `Purchased: ${address}` })
	await expect(bought).toContainText(/£99\.00 on your monthly invoice INV-\d{6}-[0-9A-F]{8}: 2 images of 2 rooms/)
	await expect(bought.getByRole('link', { name: 'Downloads', exact: true })).toHaveAttribute(
		'href',
		`/property-studio/${projectId}/downloads`,
	)
	await expect(bought.getByRole('link', { name: 'Listing pack' })).toHaveAttribute(
		'href',
		`/api/property-studio/projects/${projectId}/pack`,
	)
	// The invoice the purchase went on: its number, the property's line and the total, printable.
	await bought.getByRole('link', { name: 'Invoice', exact: true }).click()
	const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}-[0-9A-F]{8}$/ })
	await expect(invoice.getByRole('heading', { level: 1, name: /^Invoice INV-\d{6}-[0-9A-F]{8}$/ })).toBeVisible()
	await expect(invoice.getByRole('row').filter({ hasText: address })).toContainText('Property Styling Service')
	await expect(invoice.getByRole('row', { name: /Total \(1 property\)/ })).toContainText('£99.00')
	await expect(invoice).toContainText('Draft')
	await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
	await expectAccessible(page)
	await page.emulateMedia({ media: 'print' })
	await expect(page.getByRole('banner')).toBeHidden()
	await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
	await expect(invoice).toBeVisible()
	await page.emulateMedia({ media: 'screen' })
	// The account page lists it and opens it again.
	await page.goto('/account')
	const invoices = page.getByRole('region', { name: 'Invoices' })
	await expect(invoices.getByRole('link', { name: /^Invoice INV-/ })).toBeVisible()
	await expectAccessible(page)
	await invoices.getByRole('link', { name: /^Invoice INV-/ }).click()
	await expect(invoice.getByRole('row').filter({ hasText: address })).toBeVisible()
	await page.goto(`/property-studio?bought=${projectId}`)

	const card = page.getByRole('article').filter({ hasText: address })
	await expect(card.getByText('Completed', { exact: true })).toBeVisible()
	await expect(card.getByText('Project Complete - Workflow Closed')).toBeVisible()
	await expect(page.getByRole('link', { name: new RegExp(address.replace(/[()]/g, '\\$&')) })).toHaveCount(0)
	await expectAccessible(page)
	await card.getByRole('link', { name: 'Access Downloads' }).click()

	// The downloads page.
	await expect(page).toHaveURL(new RegExp(`/property-studio/${projectId}/downloads$`))
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
	await expect(page.getByText('The Parkers')).toBeVisible()
	await expect(page.getByText('Completed', { exact: true })).toBeVisible()
	const downloadAll = page.getByRole('link', { name: 'Download All Assets (2 files)' })
	await expect(downloadAll).toBeVisible({ timeout: 15_000 })
	const slug = '12-acacia-avenue'
	await expect(page.getByText(`${slug}_kitchen_modern_1.jpg`)).toBeVisible()
	await expect(page.getByText(`${slug}_living_scandinavian_1.jpg`)).toBeVisible()
	await expect(page.getByRole('link', { name: `Download ${slug}_kitchen_modern_1.jpg` })).toBeVisible()
	await expect(page.getByText('Preview, not staged', { exact: true })).toHaveCount(2)
	await expectAccessible(page)

	const [download] = await Promise.all([page.waitForEvent('download'), downloadAll.click()])
	expect(download.suggestedFilename()).toBe(`${slug}-rendos.zip`)
	const file = testInfo.outputPath('rendos.zip')
	await download.saveAs(file)
	const entries = readZip(fs.readFileSync(file))
	expect(entries.map((e) => e.name)).toEqual([`${slug}_kitchen_modern_1.jpg`, `${slug}_living_scandinavian_1.jpg`])
	expect(entries.every((e) => e.method === 0 && e.data!.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])))).toBe(
		true,
	)
	await expect(page.getByText('Download Started', { exact: true })).toBeVisible()

	// The workflow is closed: its address goes to the downloads.
	await page.goto(`/property-studio/${projectId}`)
	await expect(page).toHaveURL(new RegExp(`/property-studio/${projectId}/downloads$`))
})

test('an open project has no downloads yet; the payment demo is a static preview', async ({ page }) => {
	await signUp(page, 'Cara', PASSWORD)
	const created = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: `3 Empty Row (${randomUUID().slice(0, 6)})` },
	})
	const { id } = (await created.json()) as { id: string }
	await page.goto(`/property-studio/${id}/downloads`)
	await expect(page.getByRole('heading', { name: 'No Downloads Available' })).toBeVisible()
	await expectAccessible(page)
	await page.getByRole('link', { name: 'View Project Details' }).click()
	await expect(page).toHaveURL(new RegExp(`/property-studio/${id}$`))
	await expect(heading(page, 'Upload Photos')).toBeVisible()
	await expectAccessible(page)

	await page.goto('/stripe-demo')
	await expect(page.getByText('Demo Preview').first()).toBeVisible()
	await expect(page.getByRole('listitem').filter({ has: page.getByRole('img') })).toHaveCount(4)
	await expect(page.getByText('Property Styling Service')).toBeVisible()
	await expect(page.getByText('One-time payment per property · No subscription')).toBeVisible()
	await expect(page.getByText('SSL Encrypted')).toBeVisible()
	await expect(page.getByText('PCI Compliant')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Pay £99.00' })).toBeDisabled()
	await expect(page.getByLabel('Cardholder name')).toBeDisabled()
	await expect(page.getByRole('link', { name: 'Pay & Receive Rendos' })).toBeVisible()
	await expectAccessible(page)
})

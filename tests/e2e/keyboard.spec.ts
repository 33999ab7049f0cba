import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './axe.ts'
import { roomPhotoFile, signUp } from './helpers.ts'
import { favouriteOnePerRoom, renderedProject } from './rendered-project.ts'

// The whole studio and checkout with the keyboard alone: Tab, Enter, Space and the arrow keys.
// The one thing a keyboard cannot do is pick a file from the operating system's dialog: the
// keyboard opens the dialog ('Choose Photos'), and the test answers it as the dialog would.

const RENDER_TIMEOUT = 60_000
const MAX_TAB_STOPS = 60

/**
 * Where focus is, and whether it shows: an outline (the app draws focus as one, in tailwind.css)
 * on the focused element or, for a card's checkbox, on the label around it that draws the ring
 * for it. Runs in the page, so it may use nothing from outside.
 */
function describeFocus(target: Element | null) {
	const focused = document.activeElement
	if (!focused || focused === document.body) return { onTarget: false, shown: false, element: 'nothing' }
	const onTarget = focused === target
	const element = focused.outerHTML.slice(0, 160)
	const box = focused.getBoundingClientRect()
	if (box.width === 0 || box.height === 0 || !focused.matches(':focus-visible'))
		return { onTarget, shown: false, element }
	const outlined = (node: Element) => {
		const style = getComputedStyle(node)
		return (
			style.outlineStyle !== 'none' &&
			parseFloat(style.outlineWidth) >= 1 &&
			!/^rgba\(.*,\s*0\)$/.test(style.outlineColor)
		)
	}
	let node: Element | null = focused
	for (let depth = 0; node && depth < 3; depth++, node = node.parentElement)
		if (outlined(node)) return { onTarget, shown: true, element }
	return { onTarget, shown: false, element }
}

function expectShown(focus: ReturnType<typeof describeFocus>) {
	expect(focus.shown, `no visible focus indicator on ${focus.element}`).toBe(true)
}

async function expectVisibleFocus(page: Page) {
	expectShown(await page.evaluate(describeFocus, null))
}

/** Presses Tab until `target` has focus, checking the focus indicator at every stop on the way. */
async function tabTo(page: Page, target: Locator) {
	await expect(target).toBeVisible()
	for (let stop = 0; stop < MAX_TAB_STOPS; stop++) {
		await page.keyboard.press('Tab')
		const focus = await target.evaluate(describeFocus)
		expectShown(focus)
		if (focus.onTarget) return
	}
	throw new Error(`${target} was not reached in ${MAX_TAB_STOPS} presses of Tab`)
}

/** Tabs to a control and presses a key on it (Enter for buttons and links, Space for checkboxes). */
async function press(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter') {
	await tabTo(page, target)
	await page.keyboard.press(key)
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

/** Until React has hydrated, keys on the page's buttons do nothing: the journey starts after. */
async function waitForHydration(page: Page) {
	await page.waitForFunction(() => '__remixRouter' in window)
}

test('the studio from upload to favourites by keyboard alone', async ({ page }) => {
	// The render of three variations is the server's work, waited for up to a minute.
	test.setTimeout(90_000)
	// A real photo: its room type is suggested by what it shows.
	const bedroom = roomPhotoFile('bedroom-01.jpg', 'master-bedroom.jpg')
	await signUp(page, 'Kit', 'keyboard-2026')

	await test.step('a new property from the dialog', async () => {
		await page.goto('/property-studio')
		await expect(page.getByRole('heading', { name: 'No Properties Yet' })).toBeVisible()
		await expectAccessible(page, { once: 'an empty project list' })
		await waitForHydration(page)
		await press(page, page.getByRole('link', { name: 'New Property' }))
		const dialog = page.getByRole('dialog', { name: 'New Property' })
		await expect(dialog.getByLabel('Property address')).toBeFocused()
		await expectVisibleFocus(page)
		await page.keyboard.type(`4 Keyboard Row, Leeds LS2 7AA (${randomUUID().slice(0, 6)})`)
		await press(page, dialog.getByRole('button', { name: 'Create Property' }))
		await expect(stepHeading(page, 'Upload Photos')).toBeVisible()
	})

	await test.step('upload a photo', async () => {
		const choose = page.getByRole('button', { name: 'Choose Photos' })
		await tabTo(page, choose)
		const fileChooser = page.waitForEvent('filechooser')
		await page.keyboard.press('Enter')
		await (await fileChooser).setFiles(bedroom)
		await expect(page.getByText('1 photo selected', { exact: true })).toBeVisible()
		await expect(page.getByText('Detected: Bedroom')).toBeVisible({ timeout: 30_000 })
		await press(page, page.getByRole('button', { name: 'Continue', exact: true }))
	})

	await test.step('confirm the room', async () => {
		await expect(stepHeading(page, 'Confirm Rooms')).toBeVisible()
		await expect(page.getByLabel('Room type for master-bedroom.jpg')).toHaveValue('bedroom')
		await press(page, page.getByRole('button', { name: 'Continue', exact: true }))
	})

	await test.step('pick a style and process', async () => {
		await expect(stepHeading(page, 'Choose Styles')).toBeVisible()
		const modern = page.getByRole('group', { name: 'Styles for Bedroom' }).getByRole('checkbox', { name: /^Modern\b/ })
		await press(page, modern, 'Space')
		await expect(modern).toBeChecked()
		await expect(page.getByText('This will generate 3 variation(s)')).toBeVisible()
		await press(page, page.getByRole('button', { name: 'Process Images' }))
		await expect(stepHeading(page, 'Rendos Ready!')).toBeVisible({ timeout: RENDER_TIMEOUT })
		await press(page, page.getByRole('region', { name: 'Rendos Ready!' }).getByRole('link', { name: 'View Gallery' }))
	})

	await test.step('browse the gallery with the arrow keys and mark a favourite', async () => {
		await expect(stepHeading(page, 'Your Rendos')).toBeVisible()
		const carousel = page.getByRole('region', { name: 'Modern Bedroom variations' })
		await tabTo(page, carousel.getByLabel('Modern Bedroom variations, use the arrow keys to move'))
		await page.keyboard.press('ArrowRight')
		await expect(carousel.getByText('2 of 3 variations')).toBeVisible()
		// Home goes back to the first variation, whose heart is the next stop after the strip.
		await page.keyboard.press('Home')
		await expect(carousel.getByText('1 of 3 variations')).toBeVisible()
		const heart = carousel.getByRole('button', { name: 'Favorite Modern Bedroom, variation 1' })
		await tabTo(page, heart)
		await page.keyboard.press('Space')
		await expect(heart).toHaveAttribute('aria-pressed', 'true')
		await expect(page.getByText('1 favorite selected')).toBeVisible()
		await press(page, page.getByRole('link', { name: 'Select Favorites' }))
		await expect(stepHeading(page, 'Review Your Favorites')).toBeVisible()
		await expect(page.getByText('1 favorite of 3 variations')).toBeVisible()
		await expect(page.getByRole('button', { name: 'Favorite Bedroom · Modern 1' })).toHaveAttribute(
			'aria-pressed',
			'true',
		)
		await expectAccessible(page)
	})
})

test('checkout on the invoice, from the favourites to the downloads, by keyboard alone', async ({ page }) => {
	// The render of three variations is the server's work, waited for up to a minute.
	test.setTimeout(90_000)
	await signUp(page, 'Kit', 'keyboard-2026')
	const address = `4 Keyboard Row, Leeds LS2 7AA (${randomUUID().slice(0, 6)})`
	const { id: projectId } = await renderedProject(page, address, [{ roomType: 'bedroom', style: 'modern', seed: 11 }])
	await favouriteOnePerRoom(page, projectId)
	await page.goto(`/property-studio/${projectId}?step=selection`)
	await expect(stepHeading(page, 'Review Your Favorites')).toBeVisible()
	await waitForHydration(page)

	await test.step('checkout on the monthly invoice', async () => {
		await press(page, page.getByRole('link', { name: 'Continue', exact: true }))
		await expect(stepHeading(page, 'Final Review')).toBeVisible()
		await expectAccessible(page)
		const keep = page.getByRole('checkbox', { name: /Bedroom, Modern/ })
		await press(page, keep, 'Space')
		await expect(page.getByText('0 of 1 favorite selected')).toBeVisible()
		await page.keyboard.press('Space')
		await expect(keep).toBeChecked()
		await press(page, page.getByRole('button', { name: 'Pay & Receive Rendos' }))
		await expect(stepHeading(page, 'Confirm Your Order')).toBeVisible()
		await expect(page.getByText('£99.00 will be billed to your monthly invoice. No card needed.')).toBeVisible()
		await press(page, page.getByRole('button', { name: 'Confirm Order' }))
		await expect(stepHeading(page, 'Project Complete')).toBeVisible()
		// Two seconds later the project list, where the closed project offers its downloads.
		await expect(page).toHaveURL(/\/property-studio\?bought=[0-9a-f-]{36}$/)
		await expect(page.getByText('Project Complete - Workflow Closed')).toBeVisible()
		await expectAccessible(page)
		await press(page, page.getByRole('link', { name: 'Access Downloads' }))
		await expect(page).toHaveURL(/\/property-studio\/[0-9a-f-]{36}\/downloads$/)
		await expect(page.getByRole('link', { name: 'Download All Assets (1 file)' })).toBeVisible({ timeout: 15_000 })
		await expectAccessible(page)
	})
})

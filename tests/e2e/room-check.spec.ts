import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import pg from 'pg'
import { localSecrets } from '../../core/platform/secrets.ts'
import { expect, expectAccessible, test } from './axe.ts'
import { signUp } from './helpers.ts'
import { renderedProject } from './rendered-project.ts'

/**
 * The browser server renders with the local preview, whose images are always 'ok' (it only
 * colour-grades): the room check's verdicts on a vendor's images are recorded here straight in the
 * server's database (its embedded PostgreSQL, beside E2E_PORT).
 */
async function recordCheck(
	variationIds: string[],
	verdict: 'ok' | 'check',
	note: string,
	regions: object[],
	contents: object | null = null,
) {
	const port = Number(process.env.E2E_PORT ?? 3210) + 1
	const password = localSecrets(process.env.E2E_DATA_DIR!).pgPassword
	const client = new pg.Client({
		connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/rendo`,
	})
	await client.connect()
	try {
		await client.query(
			`update property_studio_variations set room_check = $2, room_check_note = $3, room_check_regions = $4::jsonb,
			room_check_contents = $5::jsonb where id = any($1)`,
			[variationIds, verdict, note, JSON.stringify(regions), contents && JSON.stringify(contents)],
		)
	} finally {
		await client.end()
	}
}

type Region = { x: number; y: number; width: number; height: number; kind: string }
const WINDOW: Region = { x: 0.1, y: 0.15, width: 0.25, height: 0.4, kind: 'opening' }
const FLOOR: Region = { x: 0, y: 0.75, width: 1, height: 0.25, kind: 'surface' }

/**
 * The outlines in the compare view lie on the photo as shown: each one's box is its region's share
 * of the photo's rendered box (the image contained in the slider's frame, which has its shape), to a pixel.
 */
async function expectOutlinedOnThePhoto(page: Page, title: string, regions: Region[]) {
	const dialog = page.getByRole('dialog')
	const photo = dialog.getByRole('img', { name: `${title}, before` })
	await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy()
	const outlines = dialog.getByTestId('room-check-outlines').locator('> div')
	await expect(outlines).toHaveCount(regions.length)
	const frame = (await photo.boundingBox())!
	const ratio = await photo.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight)
	// object-fit: contain, centred
	const width = Math.min(frame.width, frame.height * ratio)
	const height = width / ratio
	const shown = { x: frame.x + (frame.width - width) / 2, y: frame.y + (frame.height - height) / 2, width, height }
	// The slider's frame has the photo's own shape: nothing letterboxed, so the outlines lie on the photo as they lie on the frame.
	expect(Math.max(frame.width - width, frame.height - height)).toBeLessThanOrEqual(1)
	for (const [i, r] of regions.entries()) {
		const box = (await outlines.nth(i).boundingBox())!
		const expected = {
			x: shown.x + r.x * shown.width,
			y: shown.y + r.y * shown.height,
			width: r.width * shown.width,
			height: r.height * shown.height,
		}
		for (const side of ['x', 'y', 'width', 'height'] as const)
			expect(Math.abs(box[side] - expected[side]), `outline ${i} ${side}`).toBeLessThanOrEqual(1)
	}
}

test("a style's flagged images make one note, outlined on the photo; one is kept, one replaced free in its place", async ({
	page,
}) => {
	test.setTimeout(120_000)
	await signUp(page, 'Rhea', 'room-check-2026')
	// A portrait photo: the slider's 4:3 frame shows it with bars at the sides.
	const { id: projectId } = await renderedProject(page, `4 Weir Lane, Bath (${randomUUID().slice(0, 6)})`, [
		{ roomType: 'kitchen', style: 'modern', seed: 5, size: { width: 600, height: 800 } },
	])
	const listed = async () =>
		(await (await page.request.get(`/api/property-studio/projects/${projectId}/variations`)).json()) as Array<{
			id: string
			status: string
		}>
	const variations = await listed()
	// One moved a window, one changed the floor; the third passed, zoomed in.
	await recordCheck([variations[0].id], 'check', 'A window on the left is gone', [WINDOW])
	await recordCheck([variations[1].id], 'check', 'The floor looks different', [FLOOR])
	const crop = 'The staged image is cropped: it leaves out the top 6 % of the photo'
	// What the check saw it add and take away.
	const seen = {
		added: [
			{ name: 'sofa', plural: 'sofas', count: 1 },
			{ name: 'lamp', plural: 'lamps', count: 2 },
		],
		removed: [{ name: 'bed', plural: 'beds', count: 1 }],
	}
	await recordCheck([variations[2].id], 'ok', crop, [], seen)

	await page.goto(`/property-studio/${projectId}`)
	// The compare buttons open their dialog once React has attached its handlers to them.
	await page.waitForFunction(() =>
		[...document.querySelectorAll('button[aria-label^="Compare"]')].some((button) =>
			Object.keys(button).some((key) => key.startsWith('__reactProps')),
		),
	)
	// One note for the room's style, whatever the number of flagged images.
	const note = page.getByRole('region', { name: 'Modern Kitchen: room check' })
	await expect(note).toHaveCount(1)
	await expect(note).toContainText('2 of 3 variations: a window on the left is gone and the floor looks different.')
	await expect(note.getByRole('group')).toHaveCount(2)
	await expect(page.getByText('Check the room')).toHaveCount(2)

	// The compare view says what may have changed, with the area outlined on the photo.
	await page.getByRole('button', { name: 'Compare Modern Kitchen, variation 1 with the original' }).click()
	const dialog = page.getByRole('dialog')
	await expect(dialog.getByText('A window on the left is gone (outlined)')).toBeVisible()
	await expectOutlinedOnThePhoto(page, 'Modern Kitchen, variation 1', [WINDOW])
	await expectAccessible(page)
	await page.keyboard.press('Escape')
	await page.getByRole('button', { name: 'Compare Modern Kitchen, variation 2 with the original' }).click()
	await expectOutlinedOnThePhoto(page, 'Modern Kitchen, variation 2', [FLOOR])
	await page.keyboard.press('Escape')
	// An image that passed says what its frame leaves out, as a plain note: nothing waits on it.
	await page.getByRole('button', { name: 'Compare Modern Kitchen, variation 3 with the original' }).click()
	await expect(dialog.getByText(crop)).toBeVisible()
	await expect(dialog.getByText('Added: a sofa and two lamps. Removed: a bed')).toBeVisible()
	await expect(dialog.getByText('(outlined)')).toHaveCount(0)
	await page.keyboard.press('Escape')

	await note
		.getByRole('group', { name: 'Modern Kitchen, variation 1' })
		.getByRole('button', { name: 'I have looked at it' })
		.click()
	await expect(note).toContainText('1 of 3 variations: the floor looks different.')
	await expect(note.getByRole('group')).toHaveCount(1)
	await expect(page.getByText('Check the room')).toHaveCount(1)

	// The replacement renders into the flagged image's place: still three, in the same order.
	await note
		.getByRole('group', { name: 'Modern Kitchen, variation 2' })
		.getByRole('button', { name: 'Replace it free' })
		.click()
	await expect(note).toHaveCount(0)
	await expect(page.getByText('Check the room')).toHaveCount(0)
	await expect(async () => {
		const now = await listed()
		expect(now.map((v) => v.status)).toEqual(['completed', 'completed', 'completed'])
		expect([now[0].id, now[2].id]).toEqual([variations[0].id, variations[2].id])
		expect(now[1].id).not.toBe(variations[1].id)
	}).toPass({ timeout: 30_000 })
	await expect(page.getByText('of 3 variations')).toBeVisible()
	await expect(
		page.getByRole('button', { name: 'Compare Modern Kitchen, variation 2 with the original' }),
	).toBeVisible()
})

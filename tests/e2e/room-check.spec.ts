import { randomUUID } from 'node:crypto'
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

test('a flagged image is badged and outlined; the agent keeps one and has the other replaced free', async ({
	page,
}) => {
	test.setTimeout(120_000)
	await signUp(page, 'Rhea', 'room-check-2026')
	const { id: projectId } = await renderedProject(page, `4 Weir Lane, Bath (${randomUUID().slice(0, 6)})`, [
		{ roomType: 'kitchen', style: 'modern', seed: 5 },
	])
	const variations = (await (
		await page.request.get(`/api/property-studio/projects/${projectId}/variations`)
	).json()) as Array<{
		id: string
	}>
	// Two moved a window; one passed, zoomed in.
	await recordCheck([variations[0].id, variations[1].id], 'check', 'A window on the left is gone', [
		{ x: 0.1, y: 0.15, width: 0.25, height: 0.4, kind: 'opening' },
	])
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
	const checks = page.getByRole('list', { name: 'Modern Kitchen: room checks' })
	await expect(checks.getByRole('listitem')).toHaveCount(2)
	await expect(checks.getByText('Modern Kitchen, variation 1:')).toBeVisible()
	await expect(page.getByText('Check the room')).toHaveCount(2)

	// The compare view says what may have changed, with the area outlined over the slider.
	await page.getByRole('button', { name: 'Compare Modern Kitchen, variation 1 with the original' }).click()
	const dialog = page.getByRole('dialog')
	await expect(dialog.getByText('A window on the left is gone (outlined)')).toBeVisible()
	await expectAccessible(page)
	await page.keyboard.press('Escape')
	// An image that passed says what its frame leaves out, as a plain note: nothing waits on it.
	await page.getByRole('button', { name: 'Compare Modern Kitchen, variation 3 with the original' }).click()
	await expect(dialog.getByText(crop)).toBeVisible()
	await expect(dialog.getByText('Added: a sofa and two lamps. Removed: a bed')).toBeVisible()
	await expect(dialog.getByText('(outlined)')).toHaveCount(0)
	await page.keyboard.press('Escape')

	const first = checks.getByRole('listitem').filter({ hasText: 'variation 1:' })
	await first.getByRole('button', { name: 'I have looked at it' }).click()
	await expect(checks.getByRole('listitem')).toHaveCount(1)
	await expect(page.getByText('Check the room')).toHaveCount(1)

	await checks.getByRole('button', { name: 'Replace it free' }).click()
	await expect(checks).toHaveCount(0)
	await expect(page.getByText('of 4 variations')).toBeVisible({ timeout: 30_000 })
	await expect(page.getByText('Check the room')).toHaveCount(0)
})

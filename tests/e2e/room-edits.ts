import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { NEAR_OUTLINE } from '../../app/components/studio/edit-room.ts'
import { distanceToOutline, insideOutline, type Outline } from '../../core/edits/outline.ts'
import { expect } from './axe.ts'

/**
 * A project with a real pair's furnished living room (tests/fixtures/real-staging; pair 36's by
 * default: a sofa, a lamp and a plant), uploaded through the studio's JSON API and not staged: the
 * gallery offers its edits.
 */
export async function furnishedLivingRoom(page: Page, pair = '36') {
	const created = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: `${pair} Linden Walk, York (${randomUUID().slice(0, 6)})` },
	})
	expect(created.status()).toBe(201)
	const { id } = (await created.json()) as { id: string }
	const photo = fs.readFileSync(path.join(import.meta.dirname, `../fixtures/real-staging/${pair}-before.jpg`))
	const upload = await page.request.post('/api/property-studio/upload-image', {
		multipart: {
			projectId: id,
			roomType: 'living',
			roomName: 'Lounge',
			hasFurniture: 'true',
			image: { name: `IMG_00${pair}.jpg`, mimeType: 'image/jpeg', buffer: photo },
		},
	})
	expect(upload.status()).toBe(201)
	return id
}

/** The scope check's lines, as the gallery shows them under an edit once delivered. */
export const LAMP_AND_PLANT_REMOVED = 'Removed: a plant and a lamp; nothing else changed'
export const LAMP_REMOVED = 'Removed: a lamp; nothing else changed'
export const WALLS_RENOVATED = 'Renovated: walls; nothing else changed'
// Rendering and checking a 12 MP-class photo on a shared 2-core machine.
export const EDIT_TIMEOUT = 90_000

/** An SVG path's `d` as the panel writes it (core/edits/outline.ts outlinePath) read back as rings. */
const outlineOf = (d: string): Outline =>
	d
		.split('M')
		.filter(Boolean)
		.map((ring) =>
			ring
				.replace('Z', '')
				.split('L')
				.map((point) => point.split(' ').map(Number) as [number, number]),
		)

/**
 * Two places on the edit panel's photo for the thing `id`, in pixels from the photo's top left: the
 * point of its shape farthest inside it, and one inside its box that no shape holds or lies near
 * (null when its box has none), where a click picks nothing.
 */
export async function pointsOnShape(photo: Locator, id: string) {
	const drawn = await photo
		.locator('[data-object]')
		.evaluateAll((paths) => paths.map((p) => [p.getAttribute('data-object')!, p.getAttribute('d')!] as const))
	const shapes = new Map(drawn.map(([object, d]) => [object, outlineOf(d)]))
	const shape = shapes.get(id)!
	const xs = shape.flat().map(([x]) => x)
	const ys = shape.flat().map(([, y]) => y)
	const [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
	// Over a grid on the box: the point deepest in the shape, and the one farthest from every shape.
	const grid = Array.from({ length: 19 * 19 }, (_, k): [number, number] => [
		x0 + ((x1 - x0) * (1 + (k % 19))) / 20,
		y0 + ((y1 - y0) * (1 + Math.floor(k / 19))) / 20,
	])
	const depth = ([x, y]: [number, number]) => (insideOutline(shape, x, y) ? distanceToOutline(shape, x, y) : 0)
	const clearance = ([x, y]: [number, number]) =>
		Math.min(...[...shapes.values()].map((s) => (insideOutline(s, x, y) ? 0 : distanceToOutline(s, x, y))))
	const deepest = (score: (p: [number, number]) => number) =>
		grid.reduce((best, p) => (score(p) > score(best) ? p : best))
	const inside = deepest(depth)
	const clear = deepest(clearance)
	const { width, height } = (await photo.boundingBox())!
	const px = ([x, y]: [number, number]) => ({ x: x * width, y: y * height })
	// Clear by more than a click's reach (and a fifth more, for rounding on the way to pixels).
	return { inside: px(inside), clear: clearance(clear) > 1.2 * NEAR_OUTLINE ? px(clear) : null }
}

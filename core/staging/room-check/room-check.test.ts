import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusPhotos, FIXTURES, makeCorpus } from '../../../bench/room-check-corpus.ts'
import {
	checkRealPair,
	REAL_FIXTURES,
	type RealResult,
	readFixtureLabels,
	readRealPairs,
} from '../../../bench/room-check-real-corpus.ts'
import { sharp } from '#core/platform/sharp.ts'
import { analyse, judge } from './check.ts'
import type { CellFeatures } from './compare.ts'
import { type CaseResult, formatTable, runCase, score } from './evaluate.ts'
import { checkStagedImage } from './index.ts'
import { classify } from './rules.ts'
import { segment } from './segment.ts'
import { MODEL_FOLDER } from './segmenter.ts'
import { contentsSentence } from './sentences.ts'

const photoOf = (file: string) => fs.readFileSync(path.join(FIXTURES, file))
const kitchen = photoOf('kitchen-01.jpg')

const flat = (width: number, height: number, background: string) =>
	sharp({ create: { width, height, channels: 3, background } })
		.jpeg()
		.toBuffer()

describe('a staged answer that is no image fails the variation', () => {
	it('blank (white), black and single-colour images', async () => {
		for (const colour of ['#ffffff', '#000000', '#7a8b9c']) {
			const result = await checkStagedImage(kitchen, await flat(1600, 1067, colour))
			expect(result).toEqual({ failed: expect.stringMatching(/blank|single colour/) })
		}
	})

	it('undecodable bytes and a truncated JPEG', async () => {
		expect(await checkStagedImage(kitchen, Buffer.from('<html>busy</html>'))).toEqual({
			failed: expect.stringMatching(/could not be read/),
		})
		const truncated = (await sharp(photoOf('living-02.jpg')).jpeg().toBuffer()).subarray(0, 4000)
		expect(await checkStagedImage(kitchen, truncated)).toHaveProperty('failed')
	})

	it('an image whose shape is more than 2× off the photo', async () => {
		const strip = await sharp(kitchen).resize(1600, 300, { fit: 'fill' }).jpeg().toBuffer()
		expect(await checkStagedImage(kitchen, strip)).toEqual({ failed: expect.stringMatching(/far from the photo/) })
	})
})

describe('alignment', () => {
	it('an answer of another room is unaligned and centre-cropped to the photo size', async () => {
		const other = await sharp(photoOf('living-02.jpg')).resize(1536, 1024).jpeg().toBuffer()
		const result = await checkStagedImage(kitchen, other)
		if (!('check' in result)) throw new Error(result.failed)
		expect(result.check).toMatchObject({ verdict: 'unaligned', residualPx: null })
		expect(result.check.note).toMatch(/redrawn/)
		const expected = await sharp(other).resize(1600, 1067, { fit: 'cover' }).raw().toBuffer()
		const got = await sharp(result.image).raw().toBuffer({ resolveWithObject: true })
		expect(got.info).toMatchObject({ width: 1600, height: 1067, format: 'raw' })
		expect(meanAbsDiff(got.data, expected)).toBeLessThan(4)
	})

	it('a zoomed, shifted, straightened answer of another size comes back on the photo pixel for pixel', async () => {
		// The vendor's image at 1.5× the size, zoomed in 6 %, shifted and turned by 1.5°.
		const { width, height } = { width: 1600, height: 1067 }
		const [z, deg] = [1.06 * 1.5, 1.5]
		const r = (deg * Math.PI) / 180
		const A: [number, number, number, number] = [z * Math.cos(r), -z * Math.sin(r), z * Math.sin(r), z * Math.cos(r)]
		const turned = await sharp(kitchen)
			.affine(A, { interpolator: 'bicubic' })
			.raw()
			.toBuffer({ resolveWithObject: true })
		// Keep the 2400×1600 centre, then shift it by (−30, +20).
		const left = Math.round((turned.info.width - 2400) / 2) - 30
		const top = Math.round((turned.info.height - 1600) / 2) + 20
		const staged = await sharp(turned.data, { raw: turned.info })
			.extract({ left, top, width: 2400, height: 1600 })
			.jpeg({ quality: 92 })
			.toBuffer()
		const result = await checkStagedImage(kitchen, staged)
		if (!('check' in result)) throw new Error(result.failed)
		expect(result.check.verdict).toBe('ok')
		// Its frame starts 19 photo pixels further left and 13 lower than a centred 6 % zoom's (2.8 % a side):
		// noted, as what the check could not compare.
		expect(result.check.note).toBe(
			'The staged image is cropped: it leaves out the top 4 % and the right 4 % of the photo',
		)
		expect(result.check.residualPx).toBeLessThan(2)
		// Compare the aligned image with the photo away from the borders the zoom leaves.
		const crop = { left: 200, top: 150, width: 1200, height: 767 }
		const got = await sharp(result.image).extract(crop).greyscale().raw().toBuffer()
		const want = await sharp(kitchen).extract(crop).greyscale().raw().toBuffer()
		const meta = await sharp(result.image).metadata()
		expect([meta.width, meta.height, meta.format]).toEqual([width, height, 'jpeg'])
		expect(meanAbsDiff(got, want)).toBeLessThan(6)
		// Lined up to within half a pixel: the photo moved by one pixel either way matches worse.
		for (const [dx, dy] of [
			[1, 0],
			[-1, 0],
			[0, 1],
			[0, -1],
		]) {
			const moved = await sharp(kitchen)
				.extract({ ...crop, left: crop.left + dx, top: crop.top + dy })
				.greyscale()
				.raw()
				.toBuffer()
			expect(meanAbsDiff(got, want)).toBeLessThan(meanAbsDiff(got, moved))
		}
	})
})

describe('alignment by lightness', () => {
	it('a small, re-rendered answer whose keypoints do not match is lined up by its lightness, in its own frame', async () => {
		// Pair 53 (IndoorLightEditing: objects inserted into a 404×263 photo, the whole frame
		// re-rendered): ORB finds too few matches; the frames are the same.
		const read = (file: string) => fs.readFileSync(path.join(REAL_FIXTURES, file))
		const result = await analyse(read('53-before.jpg'), read('53-after.jpg'), { output: false })
		if ('failed' in result) throw new Error(result.failed)
		expect(result.check.verdict).not.toBe('unaligned')
		expect(result).toMatchObject({ inliers: 0, check: { residualPx: null } })
		const [a, b, c, d, e, f] = result.transform!
		for (const [value, near] of [
			[a, 1],
			[e, 1],
			[b, 0],
			[d, 0],
		])
			expect(Math.abs(value - near)).toBeLessThan(0.02)
		expect(Math.hypot(c, f)).toBeLessThan(8)
	})
})

describe('permanent features', () => {
	// living-02's wall right of the window (labels.json), and the photo with something laid over it.
	const photo = photoOf('living-02.jpg')
	const wall = { left: 736, top: 264, width: 672, height: 276 }
	const overWall = (patch: Buffer) =>
		sharp(photo)
			.composite([{ input: patch, left: wall.left, top: wall.top }])
			.jpeg({ quality: 90 })
			.toBuffer()

	it('a repainted wall is flagged with its side, unless the furniture mask covers it', async () => {
		const { width, height } = { width: 1600, height: 1200 }
		// The wall repainted a darker blue.
		const staged = await overWall(
			await sharp(photo).extract(wall).tint({ r: 60, g: 90, b: 200 }).modulate({ brightness: 0.8 }).toBuffer(),
		)
		const flagged = await checkStagedImage(photo, staged)
		if (!('check' in flagged)) throw new Error(flagged.failed)
		expect(flagged.check.verdict).toBe('check')
		expect(flagged.check.note).toMatch(/wall .*(right|centre).* repainted/)
		const region = flagged.check.regions.find((r) => r.kind === 'surface')!
		expect(region.x).toBeGreaterThan(0.4)
		expect(region.y + region.height).toBeLessThan(0.6)

		const mask = await sharp({ create: { width, height, channels: 3, background: '#000000' } })
			.composite([
				{
					input: await sharp({ create: { ...wall, channels: 3, background: '#ffffff' } })
						.png()
						.toBuffer(),
					left: wall.left,
					top: wall.top,
				},
			])
			.png()
			.toBuffer()
		const masked = await checkStagedImage(photo, staged, { furnitureMask: mask })
		if (!('check' in masked)) throw new Error(masked.failed)
		expect(masked.check).toMatchObject({ verdict: 'ok', regions: [], note: null })
	})

	it('a brick feature wall is flagged as a new covering, though every cell of it reads as something in front', async () => {
		// The wall under brick from the exterior photo's facade at 85 %.
		const staged = await overWall(
			await sharp(photoOf('exterior-01.jpg'))
				.extract({ left: 329, top: 150, width: 141, height: 113 })
				.resize(wall.width, wall.height, { fit: 'fill' })
				.ensureAlpha(0.85)
				.png()
				.toBuffer(),
		)
		const result = await checkStagedImage(photo, staged)
		if (!('check' in result)) throw new Error(result.failed)
		expect(result.check.verdict).toBe('check')
		expect(result.check.note).toMatch(/wall .*(right|centre).* new finish/)
		const region = result.check.regions.find((r) => r.kind === 'surface')!
		expect(region.x).toBeGreaterThan(0.4)
	})

	it('a wall in shadow or lamp light, its hue and texture kept, passes where the same wall repainted does not', async () => {
		for (const brightness of [0.75, 1.25]) {
			const staged = await overWall(await sharp(photo).extract(wall).modulate({ brightness }).toBuffer())
			const result = await checkStagedImage(photo, staged)
			if (!('check' in result)) throw new Error(result.failed)
			expect(result.check).toMatchObject({ verdict: 'ok', note: null })
		}
	})

	/**
	 * The photo, and the photo with its wall repainted blue, both under a light drawn as a gradient
	 * across the frame (`stops`, SVG) and blended in, through the check.
	 */
	async function underLight(stops: string, blend: 'multiply' | 'screen') {
		const { width, height } = await sharp(photo).metadata()
		const light = Buffer.from(
			`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><linearGradient id="g">${stops}</linearGradient><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
		)
		const lightUp = async (image: Buffer) =>
			sharp(image)
				.composite([{ input: light, blend }])
				.jpeg({ quality: 90 })
				.toBuffer()
		const repaintedWall = await overWall(await sharp(photo).extract(wall).tint({ r: 60, g: 90, b: 200 }).toBuffer())
		const [lit, repainted] = await Promise.all([
			checkStagedImage(photo, await lightUp(photo)),
			checkStagedImage(photo, await lightUp(repaintedWall)),
		])
		if (!('check' in lit)) throw new Error(lit.failed)
		if (!('check' in repainted)) throw new Error(repainted.failed)
		return { lit: lit.check, repainted: repainted.check }
	}

	it('a room relit (the light falling off across it, hue kept) passes; a wall repainted another colour in it does not', async () => {
		// A lamp on the left switched off: the light falls to 45 % towards the left edge, as multiplied light does.
		const { lit, repainted } = await underLight(
			'<stop offset="0" stop-color="rgb(115,115,115)"/><stop offset="1" stop-color="#fff"/>',
			'multiply',
		)
		expect(lit).toMatchObject({ verdict: 'ok', note: null })
		expect(repainted.verdict).toBe('check')
		expect(repainted.note).toMatch(/wall .*(right|centre)/)
	})

	it('a room lit by a warm lamp (lighter and warmer together, falling off) passes; a wall repainted blue in it does not', async () => {
		// Warm light added on the left, fading out at 60 % of the width: screen-blended, it lightens and tints each pixel together.
		const { lit, repainted } = await underLight(
			'<stop offset="0" stop-color="rgb(150,95,30)"/><stop offset="0.6" stop-color="#000"/>',
			'screen',
		)
		expect(lit).toMatchObject({ verdict: 'ok', note: null })
		expect(repainted.verdict).toBe('check')
		// A real one: pair 58's pendant turned red, its pool red on a grey chequered floor (a tuning pair).
		const read = (file: string) => fs.readFileSync(path.join(REAL_FIXTURES, file))
		const labels = { photo: await readFixtureLabels('58-before.jpg'), staged: await readFixtureLabels('58-after.jpg') }
		const red = await analyse(read('58-before.jpg'), read('58-after.jpg'), { output: false, labels })
		if ('failed' in red) throw new Error(red.failed)
		expect(red.check.verdict).toBe('ok')
	})

	it('a flat dark screen hung on a plain wall passes: its colour greys with its lightness, as in a deep shadow', async () => {
		// Pair 73 (Paint-by-Inpaint: a large TV added on the left wall), a tuning pair.
		const read = (file: string) => fs.readFileSync(path.join(REAL_FIXTURES, file))
		const result = await analyse(read('73-before.jpg'), read('73-after.jpg'), { output: false })
		if ('failed' in result) throw new Error(result.failed)
		expect(result.check).toMatchObject({ verdict: 'ok', regions: [] })
	})

	// The process's first checks through the pools: the segmentation thread starts (its model compiled) here.
	it('the photo itself and the photo with a global colour grade pass', { timeout: 60_000 }, async () => {
		const photo = photoOf('bedroom-02.jpg')
		for (const staged of [
			photo,
			await sharp(photo).modulate({ brightness: 1.08, saturation: 1.1 }).linear(1.05, -4).jpeg().toBuffer(),
			await sharp(photo).tint({ r: 255, g: 240, b: 225 }).jpeg().toBuffer(),
		]) {
			const result = await checkStagedImage(photo, staged)
			if (!('check' in result)) throw new Error(result.failed)
			expect(result.check).toMatchObject({ verdict: 'ok', regions: [], note: null })
			expect(result.check.residualPx).toBeLessThan(1)
		}
	})
})

/**
 * The labelled corpus (bench/room-check-corpus.ts: real photos, legitimate staging and
 * permanent-feature edits). Every other photo keeps this near 20 s here; the bench runs them all.
 * Legitimate staging flagged and the alignment error are held to their targets (≤ 5 %, median
 * ≤ 1 px); permanent edits flagged is held near what the check reaches today (97.8 % of this
 * half, 95.5 % of the whole corpus; the bound leaves two cases for decoders that round differently;
 * the target is 95 %, see index.ts for what it misses), so a change that makes any of them
 * clearly worse fails.
 */
describe('the corpus', () => {
	it('flags permanent-feature edits and passes staging', { timeout: 120_000 }, async () => {
		const photos = corpusPhotos().filter((_, i) => i % 2 === 0)
		// What a window looks out on is told by the segmentation alone (below).
		const seenByPixels = await makeCorpus((photo, kind) => photos.includes(photo) && kind !== 'view-changed')
		const results: CaseResult[] = []
		for (const c of seenByPixels) results.push(await runCase(c, photoOf(c.photo)))
		const s = score(results)
		console.log(formatTable(results))
		expect(s.caught).toBeGreaterThanOrEqual(0.93)
		expect(s.falseAlarms).toBeLessThanOrEqual(0.05)
		expect(s.alignmentMedianPx).toBeLessThanOrEqual(1)
		expect(s.alignmentP95Px).toBeLessThanOrEqual(2)
		expect(results.filter((r) => r.kind === 'room-restyled').every((r) => r.verdict !== 'ok')).toBe(true)
	})

	it('a window whose view was redrawn (trees or a roof pasted inside its frame) is flagged', {
		timeout: 60_000,
	}, async () => {
		const cases = await makeCorpus((_, kind) => kind === 'view-changed')
		const notes: (string | null)[] = []
		for (const c of cases) {
			const photo = photoOf(c.photo)
			const labels = { photo: (await segment(photo, MODEL_FOLDER))!, staged: (await segment(c.image, MODEL_FOLDER))! }
			const result = await analyse(photo, c.image, { output: false, labels })
			if ('failed' in result) throw new Error(result.failed)
			notes.push(result.check.verdict === 'ok' ? null : result.check.note)
		}
		// The one missed: living-02's window is hidden by curtains, which the model calls curtains.
		expect(notes.filter(Boolean).length).toBeGreaterThanOrEqual(5)
		expect(notes).toContain('The view through a window on the right changed')
	})
})

describe('what the segmentation says of the regions', () => {
	const realPair = async (id: string, withLabels: boolean) => {
		const pair = readRealPairs().find((p) => p.id === id)!
		const read = (file: string) => fs.readFileSync(path.join(REAL_FIXTURES, file))
		const labels = { photo: await readFixtureLabels(pair.before), staged: await readFixtureLabels(pair.after) }
		const result = await analyse(read(pair.before), read(pair.after), {
			output: false,
			labels: withLabels ? labels : undefined,
		})
		if ('failed' in result) throw new Error(result.failed)
		return result.check
	}

	// checkStagedImage's second look, when the answer's map could change the verdict, starts from what
	// the first one's pixel stages found, handed back across threads.
	it('a second look with both maps, from the cells the first look described, decides as a whole check with them (tuning pairs 50 and 73)', async () => {
		const read = (file: string) => fs.readFileSync(path.join(REAL_FIXTURES, file))
		for (const id of ['50', '73']) {
			const pair = readRealPairs().find((p) => p.id === id)!
			const labels = { photo: await readFixtureLabels(pair.before), staged: await readFixtureLabels(pair.after) }
			const first = await analyse(read(pair.before), read(pair.after), { output: false })
			const whole = await analyse(read(pair.before), read(pair.after), { output: false, labels })
			if ('failed' in first || 'failed' in whole || !first.pixels) throw new Error(`pair ${id} is not aligned`)
			expect(judge(structuredClone(first.pixels), labels).check).toEqual(whole.check)
		}
	})

	it('a bedding and sofa restyled in plain colours pass where the pixels alone read a wall painted over (tuning pair 50)', async () => {
		expect(await realPair('50', false)).toMatchObject({ verdict: 'check', note: expect.stringMatching(/painted over/) })
		expect(await realPair('50', true)).toMatchObject({ verdict: 'ok' })
	})

	it('a loft bed taken away and a low bed put in its place pass: the photo showed a bed standing free there (tuning pair 43)', async () => {
		expect((await realPair('43', false)).verdict).toBe('check')
		expect((await realPair('43', true)).verdict).toBe('ok')
	})

	it('says what a staging added, largest first, as a person would (tuning pair 13)', async () => {
		const check = await realPair('13', true)
		expect(contentsSentence(check.contents)).toBe('Added: a sofa, a chair and a coffee table')
		expect((await realPair('13', false)).contents).toBeNull()
	})

	it('a window of the photo that the answer shows as wall, where the pixels changed, is gone; a curtain over it is not', () => {
		const changed = {
			...cellLike,
			seen: { placedA: 0, freeP: 0, openingP: 0.8, walledUp: 0.9, windowP: 0.8, windowKept: 0.1 },
		}
		expect(classify(changed)).toBe('erased')
		expect(classify({ ...changed, seen: { ...changed.seen, walledUp: 0.1, placedA: 0.9 } })).toBe('same')
		// Unchanged pixels: the model's outline of a window wavers between images, and is not enough.
		expect(classify({ ...changed, dE: 1, zncc: 0.95, ga: changed.gp, added: 0 })).toBe('same')
	})

	it('a window the answer still shows as one, whose colours moved, looks out on something else; a redrawn view of the same colours does not', () => {
		const view = {
			...cellLike,
			dE: 40,
			seen: { placedA: 0, freeP: 0, openingP: 0.9, walledUp: 0, windowP: 0.9, windowKept: 0.9 },
		}
		expect(classify(view)).toBe('view')
		expect(classify({ ...view, dE: 5 })).toBe('new')
		// A curtain drawn or a plant set before it is staging.
		expect(classify({ ...view, seen: { ...view.seen, placedA: 0.9, windowKept: 0.1 } })).toBe('same')
	})
})

/**
 * A cell whose pixels changed (ΔE 20, its structure gone, new edges): something stood in front of it,
 * or it was painted over; only the segmentation tells which.
 */
const cellLike: CellFeatures = {
	col: 3,
	row: 3,
	dE: 20,
	dL: 10,
	zncc: 0.1,
	gp: 6,
	ga: 9,
	ep: 0.1,
	ea: 0.15,
	missing: 0.5,
	added: 0.7,
	masked: 0,
	labP: [120, 128, 128],
	labA: [130, 140, 140],
	sdP: 10,
	sdA: 14,
	orientA: [0.25, 0.25, 0.25, 0.25],
	clipped: 0,
	seen: null,
}

/**
 * The real generative pairs held out from tuning (tests/fixtures/real-staging; their label maps kept
 * as fixtures): made by image models, labelled by eye. The old set (every third id of 01–75) was
 * looked at while earlier rules were chosen; the new set (76–98, `set: 'new'`) came with the
 * segmentation model and was never looked at pair by pair. Every permanent change is flagged (pair
 * 12's trees drawn into windows blown out in the photo since the view rule, rules.ts SEEN.viewDE).
 * Legitimate ones are bound at today's figures so that a change making them worse fails
 * (docs/room-check.md has the breakdown): one of the old set's stagings is flagged (by the view
 * rule), 2 of its 5 relit rooms (3 before rooms lit in another colour passed, rules.ts TINTED); of
 * the new set (10 relit rooms, 1 staging) 5 are flagged.
 */
describe('the real generative pairs held out', () => {
	it('flags every permanent change it can see, and flags no more legitimate ones than today', {
		timeout: 60_000,
	}, async () => {
		const results: RealResult[] = []
		for (const pair of readRealPairs().filter((p) => p.heldOut)) results.push(await checkRealPair(pair))
		const permanent = results.filter((r) => !r.legitimate)
		expect(permanent.filter((r) => r.verdict === 'ok').map((r) => r.pair.id)).toEqual([])
		expect(permanent.length).toBeGreaterThanOrEqual(23)
		const flagged = (set: 'old' | 'new', kind: string) =>
			results.filter(
				(r) => r.legitimate && r.kind === kind && (set === 'new') === (r.pair.set === 'new') && r.verdict !== 'ok',
			).length
		expect(flagged('old', 'staging')).toBeLessThanOrEqual(1)
		expect(flagged('old', 'light')).toBeLessThanOrEqual(2)
		expect(flagged('new', 'staging') + flagged('new', 'light')).toBeLessThanOrEqual(5)
		// What the stagings added is named: the television of pair 69, the sofa of 72.
		const added = (id: string) => results.find((r) => r.pair.id === id)?.contents?.added.map((item) => item.name)
		expect(added('69')).toContain('television')
		expect(added('72')).toContain('sofa')
	})
})

function meanAbsDiff(a: Uint8Array, b: Uint8Array) {
	let sum = 0
	for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i])
	return sum / a.length
}

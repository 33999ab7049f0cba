import sharp from 'sharp'
import { beforeAll, expect, test } from 'vitest'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { FURNITURE_AREA, stagedAnswer } from './staged-answer.ts'

let photo: Buffer
beforeAll(async () => {
	photo = await makeRoomPhoto({ width: 800, height: 600 })
})

/** Grey pixels of an image at a size, to compare two images pixel by pixel. */
const grey = async (image: Buffer, width: number, height: number) =>
	(await sharp(image).resize(width, height, { fit: 'fill' }).greyscale().raw().toBuffer()) as Buffer

/** The mean absolute difference of two grey images over a box given as fractions of their size. */
function meanDifference(a: Buffer, b: Buffer, width: number, height: number, box: Record<string, number>) {
	let sum = 0
	let count = 0
	for (let y = Math.round(box.top * height); y < Math.round(box.bottom * height); y++)
		for (let x = Math.round(box.left * width); x < Math.round(box.right * width); x++) {
			sum += Math.abs(a[y * width + x] - b[y * width + x])
			count++
		}
	return sum / count
}

test("the answer keeps the photo's size, or covers the output size when one is given", async () => {
	expect(await sharp(await stagedAnswer(photo)).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 })
	expect(await sharp(await stagedAnswer(photo, { width: 800, height: 600 })).metadata()).toMatchObject({
		width: 800,
		height: 600,
	})
	expect(await sharp(await stagedAnswer(photo, { width: 1536, height: 1024 })).metadata()).toMatchObject({
		format: 'jpeg',
		width: 1536,
		height: 1024,
	})
})

test('the answer is the photo, changed only by furniture in the lower middle', async () => {
	const [before, after] = await Promise.all([grey(photo, 800, 600), grey(await stagedAnswer(photo), 800, 600)])
	const top = { left: 0, top: 0, right: 1, bottom: 1 / 3 }
	expect(meanDifference(before, after, 800, 600, top)).toBeLessThan(1.5)
	// Above the furniture and at the sides of it, the room is untouched.
	const aboveFurniture = { left: 0, top: 0, right: 1, bottom: FURNITURE_AREA.top - 0.02 }
	expect(meanDifference(before, after, 800, 600, aboveFurniture)).toBeLessThan(1.5)
	const leftOfIt = { left: 0, top: FURNITURE_AREA.top, right: FURNITURE_AREA.left - 0.02, bottom: 1 }
	expect(meanDifference(before, after, 800, 600, leftOfIt)).toBeLessThan(1.5)
	// Where the furniture stands, the picture changed a lot, and it is not one flat colour.
	const sofa = { left: 0.3, top: 0.6, right: 0.68, bottom: 0.82 }
	expect(meanDifference(before, after, 800, 600, sofa)).toBeGreaterThan(15)
	const stats = await sharp(await stagedAnswer(photo))
		.extract({ left: 240, top: 360, width: 300, height: 120 })
		.stats()
	expect(stats.channels[0].stdev).toBeGreaterThan(4)
})

test('resized to another output, the answer is the photo reframed to cover it', async () => {
	// 800×600 to 1536×1024 crops the top and bottom (a 4:3 photo covering 3:2): 1536×1152, 64 rows off each.
	const answer = await stagedAnswer(photo, { width: 1536, height: 1024 })
	const expected = await sharp(photo).resize(1536, 1024, { fit: 'cover', position: 'centre' }).jpeg().toBuffer()
	const [a, b] = await Promise.all([grey(answer, 384, 256), grey(expected, 384, 256)])
	expect(meanDifference(a, b, 384, 256, { left: 0, top: 0, right: 1, bottom: 1 / 3 })).toBeLessThan(1.5)
	expect(meanDifference(a, b, 384, 256, { left: 0.3, top: 0.62, right: 0.68, bottom: 0.82 })).toBeGreaterThan(15)
})

test('the answer is deterministic, and variations of one photo differ', async () => {
	const first = await stagedAnswer(photo, { width: 1024, height: 1024 })
	expect((await stagedAnswer(photo, { width: 1024, height: 1024 })).equals(first)).toBe(true)
	expect((await stagedAnswer(photo, { width: 1024, height: 1024 }, { index: 0 })).equals(first)).toBe(true)
	const second = await stagedAnswer(photo, { width: 1024, height: 1024 }, { index: 1 })
	expect(second.equals(first)).toBe(false)
	expect((await stagedAnswer(photo, { width: 1024, height: 1024 }, { index: 1 })).equals(second)).toBe(true)
})

test('the photo is auto-oriented first: an EXIF-rotated photo is answered upright', async () => {
	// The same pixels stored on their side, with orientation 6 (rotate 90° clockwise to show).
	const sideways = await sharp(photo).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer()
	expect(await sharp(await stagedAnswer(sideways)).metadata()).toMatchObject({ width: 800, height: 600 })
	const [before, after] = await Promise.all([grey(photo, 800, 600), grey(await stagedAnswer(sideways), 800, 600)])
	expect(meanDifference(before, after, 800, 600, { left: 0, top: 0, right: 1, bottom: 1 / 3 })).toBeLessThan(2)
})

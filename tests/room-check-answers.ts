import fs from 'node:fs'
import path from 'node:path'
import { sharp } from '#core/platform/sharp.ts'
import { expect } from 'vitest'
import { processRoom } from '#core/studio/process-room.ts'
import { settleJobs } from '#tests/jobs.ts'
import type { AnswerImage, OutputSize } from '#tests/mocks/staged-answer.ts'
import { roomWithPhoto, variationsOf } from '#tests/staging.ts'

/**
 * Crafted vendor answers for the room check's pipeline tests, made of a real photo of a living
 * room (tests/fixtures/rooms/living-02.jpg; source and licence in SOURCES.md) and its hand-made
 * labels: what an image model does right (stages it, reframes it) and wrong (paints a window out,
 * repaints a wall).
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures/rooms')
const ROOM_PHOTO = 'living-02.jpg'
const labels = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'labels.json'), 'utf8'))[ROOM_PHOTO] as {
	windows: Rect[]
	wall: Rect
	free: Rect
}
// A real armchair, cut from another photo of the corpus (its rectangle in the corpus script's list).
const ARMCHAIR = { photo: 'living-01.jpg', at: { x: 0.56, y: 0.71, width: 0.28, height: 0.22 } }
type Rect = { x: number; y: number; width: number; height: number }

export const livingRoomPhoto = () => fs.promises.readFile(path.join(FIXTURES, ROOM_PHOTO))

const pixels = (r: Rect, width: number, height: number) => ({
	left: Math.round(r.x * width),
	top: Math.round(r.y * height),
	width: Math.round(r.width * width),
	height: Math.round(r.height * height),
})

/** The photo furnished as a vendor would: a real armchair on its free floor, then reframed to the vendor's size. */
async function stagedAnswer(photo: Buffer, output: OutputSize) {
	const { width = 0, height = 0 } = await sharp(photo).metadata()
	const source = await fs.promises.readFile(path.join(FIXTURES, ARMCHAIR.photo))
	const { width: sw = 0, height: sh = 0 } = await sharp(source).metadata()
	const free = pixels(labels.free, width, height)
	const chair = await sharp(source)
		.extract(pixels(ARMCHAIR.at, sw, sh))
		.resize(free.width, free.height)
		.toBuffer()
	const furnished = await sharp(photo)
		.composite([{ input: chair, left: free.left, top: free.top }])
		.toBuffer()
	return sharp(furnished).resize(output.width, output.height, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer()
}

/** The photo with `edit` made to it at its own size, then staged as usual. */
function editedThenStaged(edit: (photo: Buffer, width: number, height: number) => Promise<Buffer>): AnswerImage {
	return async (photo, output) => {
		const { width = 0, height = 0 } = await sharp(photo).metadata()
		return stagedAnswer(await edit(photo, width, height), output)
	}
}

/** Staged as a vendor should: the room as it is, furniture added. */
export const staged: AnswerImage = (photo, output) => stagedAnswer(photo, output)

/** Staged, and the shot zoomed in 6% about its centre (the vendor reframed). */
export const zoomed: AnswerImage = async (photo, output) => {
	const image = await stagedAnswer(photo, output)
	const crop = { width: Math.round(output.width / 1.06), height: Math.round(output.height / 1.06) }
	return sharp(image)
		.extract({
			left: Math.round((output.width - crop.width) / 2),
			top: Math.round((output.height - crop.height) / 2),
			...crop,
		})
		.resize(output.width, output.height)
		.jpeg({ quality: 90 })
		.toBuffer()
}

/** The window painted out: wall texture from the labelled wall stretched over it, then staged. */
export const windowPaintedOut = editedThenStaged(async (photo, width, height) => {
	const window = pixels(labels.windows[0], width, height)
	const wall = await sharp(photo)
		.extract(pixels(labels.wall, width, height))
		.resize(window.width, window.height, { fit: 'fill' })
		.toBuffer()
	return sharp(photo)
		.composite([{ input: wall, left: window.left, top: window.top }])
		.jpeg({ quality: 92 })
		.toBuffer()
})

/** The wall repainted another colour, then staged. */
export const wallRepainted = editedThenStaged(async (photo, width, height) => {
	const wall = pixels(labels.wall, width, height)
	const painted = await sharp(photo).extract(wall).modulate({ hue: 120, saturation: 2.5, brightness: 0.75 }).toBuffer()
	return sharp(photo)
		.composite([{ input: painted, left: wall.left, top: wall.top }])
		.jpeg({ quality: 92 })
		.toBuffer()
})

/** Answers each variation of a render by its index. */
export const byVariation =
	(answers: AnswerImage[]): AnswerImage =>
	(photo: Buffer, output: OutputSize, variation) =>
		answers[variation.index % answers.length](photo, output, variation)

/**
 * The room check through the whole pipeline, for one vendor (its model set up by the test file):
 * two styles of a real living room, the vendor answering modern with [staged, zoomed, window
 * painted out] and coastal with [staged, staged, wall repainted]. Returns the variations by style,
 * in variation order.
 */
export async function stageCraftedAnswers(answerWith: (answer: AnswerImage) => void) {
	const { actor, room } = await roomWithPhoto({ photo: await livingRoomPhoto() })
	answerWith(byVariation([staged, zoomed, windowPaintedOut]))
	await processRoom(actor, room.id, { styles: ['modern'] })
	await settleJobs()
	answerWith(byVariation([staged, staged, wallRepainted]))
	await processRoom(actor, room.id, { styles: ['coastal'] })
	await settleJobs()
	const variations = (await variationsOf(room.id)).sort((a, b) => a.variationIndex - b.variationIndex)
	const of = (style: string) => variations.filter((v) => v.style === style)
	return { modern: of('modern'), coastal: of('coastal') }
}

/** What every vendor's crafted answers must come to: the edits flagged where they are, the rest ok and aligned. */
export function expectCraftedVerdicts({ modern, coastal }: Awaited<ReturnType<typeof stageCraftedAnswers>>) {
	expect([...modern, ...coastal].map((v) => v.status)).toEqual(Array(6).fill('completed'))
	expect(modern.map((v) => v.roomCheck)).toEqual(['ok', 'ok', 'check'])
	expect(modern[2].roomCheckNote).toMatch(/^A window (or wall )?on the left (is gone|looks painted over)$/)
	expect(modern[2].roomCheckRegions.length).toBeGreaterThan(0)
	expect(coastal.map((v) => v.roomCheck)).toEqual(['ok', 'ok', 'check'])
	expect(coastal[2].roomCheckNote).toBe('The wall on the right looks repainted')
	// Each answer put the armchair on the free floor: the check saw something added, and it is kept.
	for (const v of [...modern, ...coastal]) expect(v.roomCheckContents?.added.length).toBeGreaterThan(0)
	// The zoomed answer was lined up with the photo, not centre-cropped, and what its frame leaves out is said.
	expect(modern[1].roomCheckResidualPx).toBeLessThanOrEqual(2)
	expect(modern[1].roomCheckNote).toMatch(
		/^The staged image is zoomed in: it leaves out (3|\d–\d+) % of the photo at every edge$/,
	)
}

import { asBuffer } from '#core/platform/thread-bytes.ts'
import { sharp } from '#core/platform/sharp.ts'
import { JPEG_OPTIONS, SHARP_INPUT_OPTIONS } from '#core/render/jpeg.ts'
import { rgb, size } from '#core/staging/room-check/decode.ts'
import { loadOpenCv } from '#core/staging/room-check/opencv.ts'
import { checkScope } from '#core/staging/room-check/scope.ts'
import { parseHex } from './colour.ts'
import { editSize, labelMaskAt, type Mask, maskPng } from './mask.ts'
import { surfaceMask } from './objects.ts'
import { assertRemovable, MaskTooLargeError, removeLocally } from './remove-locally.ts'
import { repaintPhotoWalls } from './repaint-walls.ts'
import { refinedOutline, selectionMask, UnknownObjectError } from './selection.ts'
import type { EditAnswer, EditTask } from './threads.ts'

/** Errors the caller gets back as themselves: the agent's input, said in a 4xx, not a fault. */
const KNOWN = [MaskTooLargeError, UnknownObjectError] as const

/** One edit's CPU work on a pool thread (core/platform/thread-entry.mjs); see threads.ts. */
export async function handle(task: EditTask): Promise<EditAnswer> {
	try {
		return { output: await run(task) }
	} catch (error) {
		const known = KNOWN.find((kind) => error instanceof kind)
		return { error: error instanceof Error ? error.message : String(error), known: known?.name }
	}
}

async function run(task: EditTask) {
	const { cv } = await loadOpenCv()
	const photo = asBuffer(task.photo)
	if (task.op === 'mask') {
		const full = await size(photo, 'photo')
		const image = await workingImage(photo, full)
		const mask = selectionMask(cv, image, task.labels, task.selection)
		for (const surface of task.surfaces) {
			const area = labelMaskAt(surfaceMask(task.labels, surface), task.labels.size, image)
			for (let i = 0; i < mask.data.length; i++) mask.data[i] |= area.data[i]
		}
		if (task.local) assertRemovable(cv, mask)
		return { png: await maskPng(mask, full) }
	}
	if (task.op === 'outline') {
		const image = await workingImage(photo, await size(photo, 'photo'))
		return { outline: refinedOutline(cv, image, task.labels, task.object) }
	}
	if (task.op === 'remove') {
		const full = await size(photo, 'photo')
		const pixels = await rgb(photo, full.width, full.height, 'photo')
		const removed = removeLocally(cv, { ...full, data: pixels }, await maskAt(asBuffer(task.mask), full))
		return { image: await jpeg(removed.pixels, full.width, full.height) }
	}
	if (task.op === 'repaint') {
		const colour = parseHex(task.colour)
		if (!colour) throw new Error(`${task.colour} is no colour`)
		return { image: (await repaintPhotoWalls(cv, photo, task.labels, colour)).image }
	}
	const full = await size(photo, 'photo')
	const scope =
		task.scope.kind === 'remove'
			? { kind: 'remove' as const, objects: task.scope.objects, mask: await maskAt(asBuffer(task.scope.mask), full) }
			: task.scope
	return { check: await checkScope(photo, asBuffer(task.answer), scope, task.labels) }
}

/** The photo's pixels at the working size, where masks are made. */
async function workingImage(photo: Buffer, full: { width: number; height: number }) {
	const work = editSize(full.width, full.height)
	return { ...work, data: await rgb(photo, work.width, work.height, 'photo') }
}

/** A stored mask PNG (the photo's size) as a Mask at the working size, as masks are made. */
async function maskAt(png: Buffer, full: { width: number; height: number }): Promise<Mask> {
	const work = editSize(full.width, full.height)
	const data = await sharp(png, SHARP_INPUT_OPTIONS)
		.resize(work.width, work.height, { fit: 'fill', kernel: 'linear' })
		.extractChannel(0)
		.threshold(128)
		.raw()
		.toBuffer()
	return { ...work, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }
}

// Quality 92, not the previews' 82: a painted-out patch is smooth, and at 82 its block noise is read
// by the segmentation as the lamp still hanging there (pair 36's check failed at 82, passes at 92).
const jpeg = (pixels: Uint8Array, width: number, height: number) =>
	sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 3 } })
		.jpeg({ ...JPEG_OPTIONS, quality: 92 })
		.toBuffer()

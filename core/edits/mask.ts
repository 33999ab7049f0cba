/**
 * The area an edit may change, as a mask, and the forms vendors take it in. A Mask is one byte a
 * pixel, row by row: 255 where the edit goes, 0 where the photo stays. Masks are made at a
 * working size (EDIT_SIZE: the photo scaled so its longest side is at most 1024 px, its aspect
 * kept), which is all a mask drawn from a 129×129 segmentation and a click can say; `maskPng`
 * scales one to the photo's own size for a vendor.
 */
import { sharp } from '#core/platform/sharp.ts'
import { SHARP_INPUT_OPTIONS } from '#core/render/jpeg.ts'
import { scaled } from '#core/staging/room-check/decode.ts'

export interface Mask {
	width: number
	height: number
	/** 0 or 255 a pixel (values between are a feathered edge), row by row. */
	data: Uint8Array
}

/** Longest side of the working size that masks are made and local edits computed at. */
export const EDIT_SIZE = 1024

/** The working size of a photo of `width` × `height`. */
export const editSize = (width: number, height: number) => scaled(width, height, EDIT_SIZE)

/** A label map's 0/1 mask stretched over an image of `size`, as a Mask (nearest label pixel: no smoothing). */
export function labelMaskAt(mask: Uint8Array, n: number, { width, height }: { width: number; height: number }): Mask {
	const data = new Uint8Array(width * height)
	for (let y = 0, i = 0; y < height; y++) {
		const row = Math.min(n - 1, Math.floor(((y + 0.5) * n) / height)) * n
		for (let x = 0; x < width; x++, i++)
			data[i] = mask[row + Math.min(n - 1, Math.floor(((x + 0.5) * n) / width))] ? 255 : 0
	}
	return { width, height, data }
}

/** The share of a mask's pixels that are set (≥ 128). */
export function maskShare(mask: Mask) {
	let set = 0
	for (const v of mask.data) if (v >= 128) set++
	return set / mask.data.length
}

/**
 * The mask as a black-and-white PNG of `size` (the photo's, for a vendor): white where the edit
 * goes. Scaled smoothly and cut at half, so its edge stays where the working mask's was.
 */
export async function maskPng(mask: Mask, size: { width: number; height: number }): Promise<Buffer> {
	return sharp(Buffer.from(mask.data), { raw: { width: mask.width, height: mask.height, channels: 1 } })
		.resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
		.threshold(128)
		.extractChannel(0)
		.png()
		.toBuffer()
}

/**
 * The mask in the form OpenAI's images.edit takes: "An additional image whose fully transparent
 * areas (e.g. where alpha is zero) indicate where `image` should be edited. … Must be a valid PNG
 * file, less than 4MB, and have the same dimensions as `image`."
 * (https://platform.openai.com/docs/api-reference/images/createEdit, `mask`). So: the photo
 * itself at its size, opaque where it stays and alpha 0 where the edit goes. A 12 MP photo as
 * PNG is far over 4 MB; `size` lets the caller send the photo at the size it uploads it.
 */
export async function openAiMaskPng(photo: Buffer, mask: Mask, size: { width: number; height: number }) {
	const alpha = await sharp(Buffer.from(mask.data), { raw: { width: mask.width, height: mask.height, channels: 1 } })
		.resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
		.threshold(128)
		.negate()
		.extractChannel(0)
		.raw()
		.toBuffer()
	const colour = await sharp(photo, SHARP_INPUT_OPTIONS)
		.rotate()
		.resize(size.width, size.height, { fit: 'fill' })
		.removeAlpha()
		.raw()
		.toBuffer()
	// (sharp applies joinChannel before removeAlpha whatever the order of the calls: the alpha is joined by hand.)
	const rgba = Buffer.alloc(size.width * size.height * 4)
	for (let i = 0; i < alpha.length; i++) {
		colour.copy(rgba, 4 * i, 3 * i, 3 * i + 3)
		rgba[4 * i + 3] = alpha[i]
	}
	return sharp(rgba, { raw: { ...size, channels: 4 } })
		.png()
		.toBuffer()
}

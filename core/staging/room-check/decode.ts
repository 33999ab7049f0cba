/**
 * The room check's first stage: photo and staged answer read by libvips straight to small RGB
 * copies (shrink-on-load), or refused as no usable image (unreadable, blank). See index.ts.
 */
import { sharp } from '#core/platform/sharp.ts'
import { SHARP_INPUT_OPTIONS } from '#core/render/jpeg.ts'

export class Failed extends Error {}

export interface Decoded {
	width: number
	height: number
}

export async function size(input: Buffer, what: string): Promise<Decoded> {
	try {
		const { autoOrient, format } = await sharp(input, SHARP_INPUT_OPTIONS).metadata()
		if (!format || !autoOrient?.width || !autoOrient?.height) throw new Error('no image')
		return autoOrient
	} catch (error) {
		throw new Failed(`The ${what} could not be read: ${(error as Error).message}`)
	}
}

export async function rgb(input: Buffer, width: number, height: number, what: string): Promise<Uint8Array> {
	try {
		const data = await sharp(input, SHARP_INPUT_OPTIONS)
			.rotate()
			.flatten({ background: '#ffffff' })
			.resize(width, height, { fit: 'fill' })
			.removeAlpha()
			.raw()
			.toBuffer()
		return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
	} catch (error) {
		throw new Failed(`The ${what} could not be decoded: ${(error as Error).message}`)
	}
}

export const scaled = (w: number, h: number, longest: number) => {
	const k = Math.min(1, longest / Math.max(w, h))
	return { width: Math.max(1, Math.round(w * k)), height: Math.max(1, Math.round(h * k)) }
}

/** Whether an image is one colour (blank, black, white, a flat fill): the vendor sent nothing. */
export function singleColour(pixels: Uint8Array) {
	const n = pixels.length / 3
	const sum = [0, 0, 0]
	const sq = [0, 0, 0]
	for (let i = 0; i < pixels.length; i += 3)
		for (let c = 0; c < 3; c++) {
			sum[c] += pixels[i + c]
			sq[c] += pixels[i + c] * pixels[i + c]
		}
	const sd = sum.map((s, c) => Math.sqrt(Math.max(0, sq[c] / n - (s / n) ** 2)))
	return Math.max(...sd) < 4
}

export async function maskPixels(mask: Buffer, { width, height }: Decoded) {
	try {
		const data = await sharp(mask, SHARP_INPUT_OPTIONS)
			.flatten({ background: '#000000' })
			.greyscale()
			.resize(width, height, { fit: 'fill' })
			.raw()
			.toBuffer()
		return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
	} catch {
		return null // an unreadable mask only loses the hint
	}
}

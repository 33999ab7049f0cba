import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import jsQR from 'jsqr'
import { sharp } from '#core/platform/sharp.ts'

/**
 * The QR code in an image as a phone would find it on a screen showing the image `width` pixels
 * wide (the image as it is when not given): its text, version and corners; null when none is legible.
 */
export async function findQr(image: Buffer, width?: number) {
	const { data, info } = await sharp(image)
		.resize(width ? { width } : undefined)
		.ensureAlpha()
		.raw()
		.toBuffer({ resolveWithObject: true })
	return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)
}

/** The text of the QR code in an image (seen `width` pixels wide), or null when none is legible. */
export const readQr = async (image: Buffer, width?: number) => (await findQr(image, width))?.data ?? null

/**
 * What exiftool (Debian's libimage-exiftool-perl, as the CI installs it) reads of an image's XMP:
 * each tag by its group and name, e.g. 'XMP-iptcExt:DigitalSourceType', 'XMP-dc:Description'.
 */
export async function readXmp(image: Buffer): Promise<Record<string, unknown>> {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rendo-xmp-'))
	try {
		const file = path.join(dir, 'image.jpg')
		await fs.writeFile(file, image)
		const { stdout } = await promisify(execFile)('exiftool', ['-j', '-G1', '-struct', '-XMP:all', file])
		const [tags] = JSON.parse(stdout) as Array<Record<string, unknown>>
		return Object.fromEntries(Object.entries(tags).filter(([name]) => name.startsWith('XMP')))
	} finally {
		await fs.rm(dir, { recursive: true, force: true })
	}
}

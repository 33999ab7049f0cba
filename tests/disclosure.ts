import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { JPEG } from '@trustnxt/c2pa-ts/asset'
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf'
import { ManifestStore } from '@trustnxt/c2pa-ts/manifest'
import jsQR from 'jsqr'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { sharp } from '#core/platform/sharp.ts'
import { actorFor, insertUser } from '#tests/factories.ts'

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

/** exiftool's JSON answer about an image (Debian's libimage-exiftool-perl, as the CI installs it). */
export async function exiftool(image: Buffer, args: string[]): Promise<Record<string, unknown>> {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rendo-exiftool-'))
	try {
		const file = path.join(dir, 'image.jpg')
		await fs.writeFile(file, image)
		const { stdout } = await promisify(execFile)('exiftool', ['-j', ...args, file])
		return (JSON.parse(stdout) as Array<Record<string, unknown>>)[0]
	} finally {
		await fs.rm(dir, { recursive: true, force: true })
	}
}

/**
 * What exiftool reads of an image's XMP: each tag by its group and name, e.g.
 * 'XMP-iptcExt:DigitalSourceType', 'XMP-dc:Description'.
 */
export async function readXmp(image: Buffer) {
	const tags = await exiftool(image, ['-G1', '-struct', '-XMP:all'])
	return Object.fromEntries(Object.entries(tags).filter(([name]) => name.startsWith('XMP')))
}

/** An agency that made its label choice when it signed up: turned off, or in its own words. */
export async function agencyChoosing(choice: { disclosureLabel?: 'on' | 'off'; disclosureText?: string }) {
	const user = await insertUser()
	await onboardAgent(actorFor(user), { companyName: 'Plain Homes', agentName: 'Pat', email: user.email, ...choice })
	return user
}

/** The C2PA manifest store in a JPEG, read and validated by the library's reader; null when it has none. */
export async function readCredentials(jpeg: Buffer) {
	const asset = new JPEG(new Uint8Array(jpeg))
	const jumbf = asset.getManifestJUMBF()
	if (!jumbf) return null
	const store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>))
	const validation = await store.validate(asset)
	return { manifest: store.getActiveManifest()!, validation, codes: validation.statusEntries.map((e) => e.code) }
}

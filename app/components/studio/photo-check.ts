import { MAX_UPLOAD_BYTES, photoTooLarge, UNSUPPORTED_IMAGE } from '#core/studio/studio.schema.ts'

/** The formats the studio stores (core/studio/original-image.ts reads the same from the bytes). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

// The first bytes of each format (its "magic number"): a file's name and type are only what the
// phone says; these are what it holds. JPEG: SOI then a marker; PNG: its 8-byte signature;
// WebP: a RIFF container whose form type is WEBP.
const SIGNATURES: Array<Array<number | null>> = [
	[0xff, 0xd8, 0xff],
	[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
	[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
]

function startsLikeAnImage(head: Uint8Array) {
	return SIGNATURES.some((signature) => signature.every((byte, i) => byte === null || head[i] === byte))
}

/** Whether this browser can draw the picture: a truncated or damaged file fails here. */
async function decodes(file: File) {
	try {
		const bitmap = await createImageBitmap(file)
		bitmap.close()
		return true
	} catch {
		return false
	}
}

/**
 * Why a chosen file cannot be uploaded, found on the phone before it is sent: too large, or no
 * JPEG, PNG or WebP picture by its first bytes (a text file named .jpg), or one that cannot be
 * decoded. Null when it can go. The server checks the bytes again (core/studio/original-image.ts).
 */
export async function refusalOf(file: File): Promise<string | null> {
	if (file.size > MAX_UPLOAD_BYTES) return photoTooLarge(file.name)
	const head = new Uint8Array(await file.slice(0, 12).arrayBuffer())
	if (!startsLikeAnImage(head)) return UNSUPPORTED_IMAGE
	return (await decodes(file)) ? null : UNSUPPORTED_IMAGE
}

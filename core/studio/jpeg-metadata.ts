import fs from 'node:fs'
import { Readable } from 'node:stream'

const SOI = 0xd8
const EOI = 0xd9
const SOS = 0xda
const COM = 0xfe
const WINDOW = 64 * 1024

/**
 * Segments that can say where and by whom a photo was taken: EXIF and XMP (APP1), IPTC (APP13),
 * the other application segments and comments. JFIF (APP0), the ICC colour profile (APP2
 * "ICC_PROFILE") and Adobe's colour-transform flag (APP14) change how the pixels look: kept.
 */
function isMetadata(marker: number, payload: Buffer) {
	if (marker === COM) return true
	if (marker < 0xe0 || marker > 0xef) return false
	if (marker === 0xe0 || marker === 0xee) return false
	return !(marker === 0xe2 && payload.toString('latin1', 0, 12) === 'ICC_PROFILE\0')
}

/**
 * A JPEG file's bytes without its metadata, as a stream: every segment but the metadata ones and
 * the compressed picture copied byte for byte, so an upright photo is stored with no generation
 * loss and without decoding it. Stops at the picture's end marker: phones append further images
 * after it (depth maps, HDR gain maps), each with EXIF of its own. Null when the file is not laid
 * out as a JPEG should be; the caller re-encodes those instead.
 */
export async function jpegWithoutMetadata(path: string): Promise<Readable | null> {
	const kept = await keptRanges(path)
	return kept && Readable.from(copyRanges(path, kept))
}

async function keptRanges(path: string) {
	const file = await fs.promises.open(path)
	try {
		const { size } = await file.stat()
		const read = async (position: number, length: number) => {
			const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)))
			await file.read(buffer, 0, buffer.length, position)
			return buffer
		}
		const ranges: Array<[number, number]> = []
		const keep = (start: number, end: number) => {
			const last = ranges.at(-1)
			if (last && last[1] === start) last[1] = end
			else ranges.push([start, end])
		}

		const start = await read(0, 2)
		if (start[0] !== 0xff || start[1] !== SOI) return null
		keep(0, 2)
		for (let at = 2; ; ) {
			const head = await read(at, 4 + 12)
			if (head.length < 2 || head[0] !== 0xff) return null
			const marker = head[1]
			if (marker === 0xff) {
				at += 1 // fill byte before a marker
				continue
			}
			if (marker === EOI) {
				keep(at, at + 2)
				return ranges
			}
			if (head.length < 4) return null
			const end = at + 2 + head.readUInt16BE(2)
			if (end > size || end < at + 4) return null
			if (!isMetadata(marker, head.subarray(4))) keep(at, end)
			at = end
			if (marker === SOS) {
				const next = await nextMarker(read, at, size)
				if (next === null) return null
				keep(at, next)
				at = next
			}
		}
	} finally {
		await file.close()
	}
}

/**
 * Where the compressed data of a scan ends: the next 0xFF that is not a stuffed zero, a restart
 * marker or fill. Read a window at a time, never the whole file.
 */
async function nextMarker(read: (position: number, length: number) => Promise<Buffer>, from: number, size: number) {
	for (let position = from; position < size - 1; position += WINDOW) {
		// One byte of overlap, so a marker split across two windows is still seen.
		const window = await read(position, WINDOW + 1)
		for (let i = window.indexOf(0xff); i !== -1 && i < window.length - 1; i = window.indexOf(0xff, i + 1)) {
			const next = window[i + 1]
			if (next !== 0x00 && next !== 0xff && (next < 0xd0 || next > 0xd7)) return position + i
		}
	}
	return null
}

async function* copyRanges(path: string, ranges: Array<[number, number]>) {
	for (const [start, end] of ranges) yield* fs.createReadStream(path, { start, end: end - 1 })
}

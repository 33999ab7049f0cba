import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { expect, test } from 'vitest'
import { sharp } from '#core/platform/sharp.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { jpegWithoutMetadata } from './jpeg-metadata.ts'

const GPS = { IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 22/1 0/1' } }
const XMP =
	'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Bath"/></rdf:RDF></x:xmpmeta>'

function withComment(jpeg: Buffer, text: string) {
	const segment = Buffer.alloc(4)
	segment.writeUInt16BE(0xfffe, 0)
	segment.writeUInt16BE(text.length + 2, 2)
	return Buffer.concat([jpeg.subarray(0, 2), segment, Buffer.from(text, 'latin1'), jpeg.subarray(2)])
}

async function stripped(bytes: Buffer) {
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jpeg-')), 'photo.jpg')
	fs.writeFileSync(file, bytes)
	const stream = await jpegWithoutMetadata(file)
	return stream && buffer(stream)
}

const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer()

test('EXIF (GPS), XMP, comments and images appended after the picture go; the picture and its colour profile stay, bit for bit', async () => {
	const photo = await makeRoomPhoto({ width: 640, height: 480 })
	const tagged = await sharp(photo).withIccProfile('p3').withExif(GPS).withXmp(XMP).jpeg({ quality: 85 }).toBuffer()
	// Phones append more images after the first (depth maps, gain maps), each with EXIF of its own.
	const appended = await sharp(photo).resize(64).withExif(GPS).jpeg().toBuffer()
	const upload = Buffer.concat([withComment(tagged, 'shot at 51.37N 2.36W'), appended])
	const before = await sharp(upload).metadata()
	expect([before.exif, before.xmp, before.icc].every(Boolean)).toBe(true)

	const stored = (await stripped(upload))!
	const after = await sharp(stored).metadata()
	expect({ exif: after.exif, xmp: after.xmp }).toEqual({ exif: undefined, xmp: undefined })
	expect(after.icc).toEqual(before.icc)
	for (const trace of ['PhoneCam', 'shot at', 'Bath'])
		expect({ trace, found: stored.includes(trace) }).toEqual({ trace, found: false })
	expect(stored.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]))
	expect(await pixels(stored)).toEqual(await pixels(tagged))
})

test('a progressive JPEG (many scans, tables between them) keeps every scan', async () => {
	const photo = await makeRoomPhoto({ width: 640, height: 480, seed: 4 })
	const progressive = await sharp(photo).withExif(GPS).jpeg({ progressive: true }).toBuffer()
	const stored = (await stripped(progressive))!
	expect((await sharp(stored).metadata()).exif).toBeUndefined()
	expect(await pixels(stored)).toEqual(await pixels(progressive))
})

test('bytes that are not laid out as a JPEG are left for re-encoding', async () => {
	const jpeg = await sharp(await makeRoomPhoto({ width: 640, height: 480 }))
		.jpeg()
		.toBuffer()
	expect(await stripped(Buffer.from('not a jpeg at all'))).toBeNull()
	expect(await stripped(jpeg.subarray(0, 40))).toBeNull()
	expect(await stripped(jpeg.subarray(0, jpeg.length - 2))).toBeNull()
})

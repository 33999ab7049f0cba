import { describe, expect, test } from 'vitest'
import { sharp } from '#core/platform/sharp.ts'
import { exiftool, readXmp } from '#tests/disclosure.ts'
import { AI_EDITED_SOURCE_TYPE } from './alteration.ts'
import { withoutXmp, withXmp, xmpPacket } from './xmp.ts'

const photo = () =>
	sharp({ create: { width: 64, height: 48, channels: 3, background: '#d8cfc0' } })
		.jpeg()
		.toBuffer()

/** exiftool's verdict on the file's structure: its warnings, none when well-formed. */
async function validate(image: Buffer) {
	const tags = await exiftool(image, ['-validate', '-warning', '-a'])
	return Object.entries(tags).filter(([name]) => name.startsWith('Warning') || name === 'Validate')
}

describe('XMP written into a JPEG', () => {
	test('reads back as IPTC digital source type, description and source, escaped, the pixels untouched', async () => {
		const image = await photo()
		const marked = withXmp(
			image,
			xmpPacket({
				digitalSourceType: AI_EDITED_SOURCE_TYPE,
				description: 'Furniture added, <Art & "Deco"> style',
				source: 'https://rendo.example/o/AbCdEfGhIjKlMnOpQrStUv#v-1&x=<2>',
			}),
		)
		expect(await readXmp(marked)).toMatchObject({
			'XMP-iptcExt:DigitalSourceType': AI_EDITED_SOURCE_TYPE,
			'XMP-dc:Description': 'Furniture added, <Art & "Deco"> style',
			'XMP-dc:Source': 'https://rendo.example/o/AbCdEfGhIjKlMnOpQrStUv#v-1&x=<2>',
		})
		expect(await validate(marked)).toEqual([['Validate', 'OK']])
		// Byte-wise: right after the start of image (libvips writes no JFIF header), the rest as it was.
		expect(marked.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe1]))
		expect(marked.subarray(6, 35).toString('latin1')).toBe('http://ns.adobe.com/xap/1.0/\0')
		expect(withoutXmp(marked)).toEqual(image)
	})

	test('goes after a JFIF header, which must come first', async () => {
		const image = await photo()
		const jfif = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0])
		const withJfif = Buffer.concat([image.subarray(0, 2), jfif, image.subarray(2)])
		const marked = withXmp(withJfif, xmpPacket({ description: 'Sky changed to dusk' }))
		expect(marked.subarray(0, 2 + jfif.length)).toEqual(withJfif.subarray(0, 2 + jfif.length))
		expect(marked.subarray(2 + jfif.length, 4 + jfif.length)).toEqual(Buffer.from([0xff, 0xe1]))
		expect(await validate(marked)).toEqual([['Validate', 'OK']])
		expect((await readXmp(marked))['XMP-dc:Description']).toBe('Sky changed to dusk')
	})

	test('replaces what XMP the file had, once; leaves out what is not given', async () => {
		const image = await photo()
		const first = withXmp(image, xmpPacket({ digitalSourceType: AI_EDITED_SOURCE_TYPE, description: 'first' }))
		const second = withXmp(first, xmpPacket({ description: 'Colour and exposure only' }))
		const tags = await readXmp(second)
		expect(tags['XMP-dc:Description']).toBe('Colour and exposure only')
		expect(tags).not.toHaveProperty('XMP-iptcExt:DigitalSourceType')
		expect(tags).not.toHaveProperty('XMP-dc:Source')
		expect(second.toString('latin1').split('http://ns.adobe.com/xap/1.0/\0')).toHaveLength(2)
		expect(withoutXmp(second)).toEqual(image)
	})

	test('refuses a packet too large for one segment, and bytes that are no JPEG', async () => {
		const image = await photo()
		expect(() => withXmp(image, xmpPacket({ description: 'x'.repeat(70_000) }))).toThrow(/too large/)
		expect(() => withXmp(Buffer.from('not a jpeg'), xmpPacket({ description: 'x' }))).toThrow(/not a JPEG/)
	})
})

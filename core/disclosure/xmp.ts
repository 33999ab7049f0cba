/**
 * XMP in a JPEG, written byte-wise: the packet goes into an APP1 segment of its own and every
 * other byte of the file stays as it was, so marking an image never re-encodes it (XMP
 * Specification Part 3, §1.1.3 "JPEG": one APP1 segment, "http://ns.adobe.com/xap/1.0/\0" then
 * the packet, at most 65502 bytes of it).
 */

const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1')
/** Extended XMP continues a main packet; with the main packet replaced, its pieces would dangle. */
const EXTENDED_XMP_HEADER = Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1')
const MAX_SEGMENT_LENGTH = 0xffff
const SOI = 0xd8
const SOS = 0xda
const APP0 = 0xe0
const APP1 = 0xe1
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1')

/** IPTC's namespace for the Extension schema, where DigitalSourceType lives. */
const IPTC_EXT_NS = 'http://iptc.org/std/Iptc4xmpExt/2008-02-29/'

export interface XmpFields {
	/** Iptc4xmpExt:DigitalSourceType, a URI from IPTC's digital source type vocabulary. */
	digitalSourceType?: string | null
	/** dc:description: what was done to the photo, in words. */
	description: string
	/**
	 * dc:source, Dublin Core's "related resource from which the described resource is derived":
	 * the unaltered photo, named by its place on the property's public originals page. Chosen over
	 * dc:relation (any related resource) because it says which way the relation runs.
	 */
	source?: string | null
}

const escapeXml = (text: string) =>
	text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)

/** The XMP packet for the fields given, as exiftool, Adobe's tools and IPTC's readers parse it. */
export function xmpPacket({ digitalSourceType, description, source }: XmpFields) {
	const properties = [
		digitalSourceType &&
			`<Iptc4xmpExt:DigitalSourceType>${escapeXml(digitalSourceType)}</Iptc4xmpExt:DigitalSourceType>`,
		`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(description)}</rdf:li></rdf:Alt></dc:description>`,
		source && `<dc:source>${escapeXml(source)}</dc:source>`,
	].filter(Boolean)
	return [
		'<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
		'<x:xmpmeta xmlns:x="adobe:ns:meta/">',
		'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:Iptc4xmpExt="${IPTC_EXT_NS}">`,
		...properties,
		'</rdf:Description>',
		'</rdf:RDF>',
		'</x:xmpmeta>',
		'<?xpacket end="w"?>',
	].join('\n')
}

export interface Segment {
	marker: number
	start: number
	end: number
}

/** The marker segments before the scan (SOS), each with its bytes' range; the rest is image data. */
function headerSegments(jpeg: Buffer) {
	if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== SOI) throw new Error('not a JPEG')
	const segments: Segment[] = []
	let at = 2
	while (at + 4 <= jpeg.length) {
		if (jpeg[at] !== 0xff) throw new Error('malformed JPEG: no marker where a segment should start')
		const marker = jpeg[at + 1]
		// Fill bytes: any number of 0xFF may come before a marker.
		if (marker === 0xff) {
			at++
			continue
		}
		if (marker === SOS) return { segments, scan: at }
		const end = at + 2 + jpeg.readUInt16BE(at + 2)
		if (end > jpeg.length) throw new Error('malformed JPEG: a segment runs past the end')
		segments.push({ marker, start: at, end })
		at = end
	}
	throw new Error('malformed JPEG: no image data')
}

const startsWith = (jpeg: Buffer, segment: Segment, header: Buffer) =>
	segment.marker === APP1 && jpeg.subarray(segment.start + 4, segment.start + 4 + header.length).equals(header)

export const isXmp = (jpeg: Buffer, segment: Segment) =>
	startsWith(jpeg, segment, XMP_HEADER) || startsWith(jpeg, segment, EXTENDED_XMP_HEADER)

/** The JPEG without the header segments `drop` picks, byte for byte otherwise. */
export function withoutSegments(jpeg: Buffer, drop: (jpeg: Buffer, segment: Segment) => boolean) {
	const { segments } = headerSegments(jpeg)
	const dropped = segments.filter((s) => drop(jpeg, s))
	if (!dropped.length) return jpeg
	const kept: Buffer[] = []
	let at = 0
	for (const segment of dropped) {
		kept.push(jpeg.subarray(at, segment.start))
		at = segment.end
	}
	kept.push(jpeg.subarray(at))
	return Buffer.concat(kept)
}

/** The JPEG without its XMP segments, byte for byte otherwise. */
export const withoutXmp = (jpeg: Buffer) => withoutSegments(jpeg, isXmp)

/**
 * The JPEG with the packet as its only XMP: any XMP it had is taken out, and the new segment goes
 * right after the JFIF (APP0) and Exif (APP1) segments, which their own specifications want first.
 */
export function withXmp(jpeg: Buffer, packet: string) {
	const body = Buffer.from(packet, 'utf8')
	const length = 2 + XMP_HEADER.length + body.length
	if (length > MAX_SEGMENT_LENGTH) throw new Error(`XMP packet too large for one JPEG segment (${body.length} bytes)`)
	const stripped = withoutXmp(jpeg)
	const { segments } = headerSegments(stripped)
	let insertAt = 2
	for (const segment of segments) {
		const leading = segment.marker === APP0 || startsWith(stripped, segment, EXIF_HEADER)
		if (!leading || segment.start !== insertAt) break
		insertAt = segment.end
	}
	const header = Buffer.alloc(4)
	header[0] = 0xff
	header[1] = APP1
	header.writeUInt16BE(length, 2)
	return Buffer.concat([stripped.subarray(0, insertAt), header, XMP_HEADER, body, stripped.subarray(insertAt)])
}

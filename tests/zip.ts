/**
 * Reads a ZIP from its central directory (no ZIP64): each entry's name, compression method
 * (0 = stored) and, for stored entries, its bytes. Enough to check what a download contains.
 */
export function readZip(zip: Buffer) {
	const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
	if (eocd < 0) throw new Error('not a ZIP: no end of central directory')
	const count = zip.readUInt16LE(eocd + 10)
	let at = zip.readUInt32LE(eocd + 16)
	const entries: Array<{ name: string; method: number; size: number; data: Buffer | null }> = []
	for (let i = 0; i < count; i++) {
		if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry')
		const method = zip.readUInt16LE(at + 10)
		const compressedSize = zip.readUInt32LE(at + 20)
		const size = zip.readUInt32LE(at + 24)
		const nameLength = zip.readUInt16LE(at + 28)
		const extraLength = zip.readUInt16LE(at + 30)
		const commentLength = zip.readUInt16LE(at + 32)
		const localHeader = zip.readUInt32LE(at + 42)
		const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
		const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28)
		entries.push({
			name,
			method,
			size,
			data: method === 0 ? zip.subarray(dataStart, dataStart + compressedSize) : null,
		})
		at += 46 + nameLength + extraLength + commentLength
	}
	return entries
}

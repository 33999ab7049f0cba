import fs from 'node:fs'
import { Readable } from 'node:stream'
import { expect, test } from 'vitest'
import { uploadTempDir, writeTempFile } from './upload-temp.ts'

const leftFiles = () => (fs.existsSync(uploadTempDir()) ? fs.readdirSync(uploadTempDir()) : [])
const tooLarge = () => new Error('too large')

/** A sender that sends `chunks` pieces of 64 kB and then goes away. */
async function* cutOff(chunks: number) {
	for (let i = 0; i < chunks; i++) yield new Uint8Array(64 * 1024)
	throw new Error('the sender went away')
}

test('a body cut off at any point, even before its file is open, leaves no file', async () => {
	// Many at once, some failing before their first byte: the unlink must not run before the file's open.
	const results = await Promise.allSettled(
		Array.from({ length: 60 }, (_, i) => writeTempFile(cutOff(i % 3), { maxBytes: 1024 * 1024, tooLarge })),
	)
	expect(results.every((r) => r.status === 'rejected')).toBe(true)
	expect(leftFiles()).toEqual([])
})

test('past maxBytes the sender is refused and nothing stays; a whole body is kept for the caller', async () => {
	await expect(writeTempFile(cutOff(10), { maxBytes: 100 * 1024, tooLarge })).rejects.toThrow('too large')
	expect(leftFiles()).toEqual([])
	const file = await writeTempFile(Readable.from([new Uint8Array(1000)]), { maxBytes: 100 * 1024, tooLarge })
	expect(fs.statSync(file).size).toBe(1000)
	fs.rmSync(file)
})

import { createRequire } from 'node:module'
import { pipeline, Transform, type Readable } from 'node:stream'
import type { Archiver, ArchiverOptions } from 'archiver'
import { storage } from '#core/platform/storage.ts'

// The installed archiver (7) exports a factory; its @types package describes version 8's classes.
const archiver = createRequire(import.meta.url)('archiver') as (format: 'zip', options?: ArchiverOptions) => Archiver

/** A stored file, streamed from storage; or bytes made on the way (a labelled image, a manifest). */
export type ZipEntry = { name: string; date?: Date } & ({ key: string } | { bytes: Buffer })

// Files arrive in 64 KB pieces; each piece then costs the same again in every step behind it
// (checksum, ZIP framing, the web stream, the socket), so they are passed on in 1 MB pieces.
const PIECE_BYTES = 1024 * 1024

function inLargePieces() {
	let parts: Buffer[] = []
	let length = 0
	const take = () => {
		const piece = Buffer.concat(parts, length)
		parts = []
		length = 0
		return piece
	}
	return new Transform({
		transform(chunk: Buffer, _encoding, done) {
			parts.push(chunk)
			length += chunk.length
			done(null, length >= PIECE_BYTES ? take() : undefined)
		},
		flush(done) {
			done(null, length ? take() : undefined)
		},
	})
}

/** Resolves once the archive has written the entry in hand; rejects if it errors or closes first. */
function entryWritten(archive: Archiver) {
	return new Promise<void>((resolve, reject) => {
		const settle = (error?: unknown) => {
			archive.off('entry', onEntry).off('error', onError).off('close', onClose)
			if (error) reject(error)
			else resolve()
		}
		const onEntry = () => settle()
		const onError = (error: Error) => settle(error)
		const onClose = () => settle(new Error('the archive was closed'))
		archive.on('entry', onEntry).on('error', onError).on('close', onClose)
	})
}

/**
 * A ZIP of stored files, streamed: it starts with the first file at once and opens each next
 * file only when the one before is written, so memory stays flat whatever the number or size of
 * files, and a slow reader slows the reading of the files down. Entries may come from an async
 * generator, which is then asked for the next one only when the one before is written. JPEGs are
 * already compressed, so entries are stored, not deflated again. Destroying the stream (the client
 * went away) closes the file being read and stops.
 */
export function zipStoredFiles(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): Readable {
	const archive = archiver('zip')
	let reading: Readable | null = null
	archive.once('close', () => reading?.destroy())
	void (async () => {
		for await (const entry of entries) {
			if (archive.destroyed) return
			if ('bytes' in entry) {
				archive.append(entry.bytes, { name: entry.name, date: entry.date, store: true })
				await entryWritten(archive)
				continue
			}
			const object = await storage().get(entry.key)
			if (!object) throw new Error(`missing from storage: ${entry.key}`)
			reading = object.body
			const pieces = pipeline(object.body, inLargePieces(), (error) => {
				if (error && !archive.destroyed) archive.destroy(error)
			})
			archive.append(pieces, { name: entry.name, date: entry.date, store: true })
			await entryWritten(archive)
		}
		await archive.finalize()
	})().catch((error: unknown) => {
		if (!archive.destroyed) archive.destroy(error instanceof Error ? error : new Error(String(error)))
	})
	return archive
}

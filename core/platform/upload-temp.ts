import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { config } from './config.ts'

/**
 * Where every door's incoming files wait to be checked and stored: web uploads and the Telegram
 * bot's downloads alike. Each process writes under its own pid, so the web's start-up sweep can
 * tell (and remove) what a process that is gone left behind.
 */
export const uploadsRoot = () => path.join(config().dataDir, 'tmp', 'uploads')
export const uploadTempDir = () => path.join(uploadsRoot(), String(process.pid))

/**
 * Writes an incoming file to a fresh temp file and returns its path: waiting for the disk when it
 * is slower than the network (so a fast sender does not fill memory), refused with `tooLarge()`
 * past maxBytes. A body that ends early (refused, the sender gone, the stream erroring) takes its
 * file with it at once, before the error goes on: the caller never sees a path it must remove.
 */
export async function writeTempFile(
	data: AsyncIterable<Uint8Array>,
	{ maxBytes, tooLarge }: { maxBytes: number; tooLarge: () => Error },
): Promise<string> {
	await fs.promises.mkdir(uploadTempDir(), { recursive: true })
	const filePath = path.join(uploadTempDir(), randomUUID())
	const out = fs.createWriteStream(filePath)
	// A write that fails (ENOSPC: the disk is full) fails the stream at any moment, also while the
	// next chunk is awaited: kept here, so it is thrown, never an unhandled 'error' ending the process.
	let failed: Error | undefined
	out.on('error', (error) => (failed ??= error))
	try {
		let size = 0
		for await (const chunk of data) {
			if (failed) throw failed
			size += chunk.byteLength
			if (size > maxBytes) throw tooLarge()
			if (!out.write(chunk)) await once(out, 'drain')
		}
		out.end()
		await finished(out)
		return filePath
	} catch (error) {
		// Unlinked only once the stream has closed: a body that fails before the file's open has
		// finished would otherwise be unlinked first and then created by that open, and stay.
		if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()).destroy())
		await fs.promises.rm(filePath, { force: true })
		throw error
	}
}

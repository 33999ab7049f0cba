import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertValidKey, assertValidPrefix, DEFAULT_CONTENT_TYPE, type Storage } from './storage.ts'

export interface LocalStorageOptions {
	root: string
}

/**
 * Files live at `<root>/<key>`. The content type is kept in a hidden sidecar
 * `.<name>.meta.json` next to the file, because callers pass it explicitly and
 * it need not match the extension. No key segment may start with a dot, so neither
 * sidecars nor `.tmp` files ever look like objects.
 */
export function createLocalStorage({ root }: LocalStorageOptions): Storage {
	const base = resolve(root)
	const fileFor = (key: string) => {
		assertValidKey(key)
		return join(base, key)
	}

	return {
		async put(key, body, { contentType }) {
			const file = fileFor(key)
			await mkdir(dirname(file), { recursive: true })
			const data = await writeTemp(file, body)
			try {
				// Sidecar first: once the data file appears under its name, its metadata is already there.
				const meta = await writeTemp(metaPathFor(file), Buffer.from(JSON.stringify({ contentType })))
				await rename(meta.path, metaPathFor(file))
				await rename(data.path, file)
			} catch (err) {
				await rm(data.path, { force: true })
				throw err
			}
			await syncDir(dirname(file))
			return { key, size: data.size, contentType }
		},

		async get(key) {
			const file = fileFor(key)
			const handle = await open(file, 'r').catch(nullIfMissing)
			if (!handle) return null
			try {
				const info = await handle.stat()
				if (!info.isFile()) {
					await handle.close()
					return null
				}
				return { body: handle.createReadStream(), size: info.size, contentType: await readContentType(file) }
			} catch (err) {
				await handle.close()
				throw err
			}
		},

		async exists(key) {
			const info = await stat(fileFor(key)).catch(nullIfMissing)
			return info?.isFile() ?? false
		},

		async delete(key) {
			const file = fileFor(key)
			await unlink(file).catch(nullIfMissing)
			await unlink(metaPathFor(file)).catch(nullIfMissing)
		},

		async deletePrefix(prefix) {
			assertValidPrefix(prefix)
			const cut = prefix.lastIndexOf('/') + 1
			const dir = join(base, prefix.slice(0, cut))
			const partial = prefix.slice(cut)
			if (partial === '') {
				await rm(dir, { recursive: true, force: true }).catch(nullIfMissing)
				return
			}
			const entries = (await readdir(dir, { withFileTypes: true }).catch(nullIfMissing)) ?? []
			for (const entry of entries) {
				if (!entry.name.startsWith(partial)) continue
				const path = join(dir, entry.name)
				await rm(path, { recursive: true, force: true })
				if (entry.isFile()) await rm(metaPathFor(path), { force: true })
			}
		},

		async signedUrl() {
			return null
		},
	}
}

const metaPathFor = (file: string) => join(dirname(file), `.${basename(file)}.meta.json`)

/** Writes body to a fresh temp file beside `file`, fsynced on close; on failure the temp file is removed. */
async function writeTemp(file: string, body: Readable | Buffer): Promise<{ path: string; size: number }> {
	const path = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`)
	const out = createWriteStream(path, { flags: 'wx', flush: true })
	// Wait for the file to exist so the cleanup below cannot run before it is created.
	await once(out, 'ready')
	try {
		await pipeline(Buffer.isBuffer(body) ? Readable.from(body) : body, out)
		return { path, size: out.bytesWritten }
	} catch (err) {
		await rm(path, { force: true })
		throw err
	}
}

/** fsync of the directory makes the rename itself survive a crash. */
async function syncDir(dir: string): Promise<void> {
	const handle = await open(dir, 'r')
	try {
		await handle.sync()
	} finally {
		await handle.close()
	}
}

async function readContentType(file: string): Promise<string> {
	const raw = await readFile(metaPathFor(file), 'utf8').catch(nullIfMissing)
	// Files copied in by hand have no sidecar.
	return raw ? (JSON.parse(raw) as { contentType: string }).contentType : DEFAULT_CONTENT_TYPE
}

/** ENOTDIR/EISDIR too: a key whose path runs into a file or a folder is simply not there. */
function nullIfMissing(err: unknown): null {
	const code = (err as NodeJS.ErrnoException).code
	if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null
	throw err
}

import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { buffer, text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStorage } from '#core/platform/storage/index.ts'
import type { Storage } from '#core/platform/storage/storage.ts'

// s3rver ships no type declarations; this is the slice of its API the tests use.
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverInstance

interface Backend {
	name: string
	signsUrls: boolean
	start(): Promise<{ storage: Storage; stop(): Promise<void> }>
}

const backends: Backend[] = [
	{
		name: 'local',
		signsUrls: false,
		async start() {
			const root = await mkdtemp(join(tmpdir(), 'rendo-files-'))
			return { storage: createStorage({ root }), stop: () => rm(root, { recursive: true, force: true }) }
		},
	},
	{
		name: 's3',
		signsUrls: true,
		async start() {
			const directory = await mkdtemp(join(tmpdir(), 'rendo-s3rver-'))
			const server = new S3rver({
				port: 0,
				address: '127.0.0.1',
				silent: true,
				directory,
				configureBuckets: [{ name: 'rendo-test' }],
			})
			const { port } = await server.run()
			const storage = createStorage({
				s3: {
					bucket: 'rendo-test',
					region: 'us-east-1',
					endpoint: `http://127.0.0.1:${port}`,
					forcePathStyle: true,
					// s3rver's built-in account.
					accessKeyId: 'S3RVER',
					secretAccessKey: 'S3RVER',
				},
			})
			return {
				storage,
				async stop() {
					await server.close()
					await rm(directory, { recursive: true, force: true })
				},
			}
		},
	},
]

/** Yields the chunks, then throws if `failAfter` is set, like an upload whose client disconnects. */
function chunkedStream(chunks: Buffer[], failAfter = false): Readable {
	return Readable.from(
		(async function* () {
			for (const chunk of chunks) yield chunk
			if (failAfter) throw new Error('client went away')
		})(),
	)
}

describe.each(backends)('$name storage', (backend) => {
	let storage: Storage
	let stop: () => Promise<void>

	beforeAll(async () => {
		;({ storage, stop } = await backend.start())
	})
	afterAll(() => stop())

	it('stores a Buffer and returns identical bytes, size and content type', async () => {
		const bytes = randomBytes(1000)
		const stored = await storage.put('buffers/one.bin', bytes, { contentType: 'application/pdf' })
		expect(stored).toEqual({ key: 'buffers/one.bin', size: 1000, contentType: 'application/pdf' })

		const got = await storage.get('buffers/one.bin')
		expect(got).not.toBeNull()
		expect(got!.size).toBe(1000)
		expect(got!.contentType).toBe('application/pdf')
		expect((await buffer(got!.body)).equals(bytes)).toBe(true)
	})

	it('stores a stream large enough for a multipart upload', async () => {
		// 6 MiB crosses lib-storage's 5 MiB part size, so S3 takes the multipart path.
		const chunks = Array.from({ length: 6 }, () => randomBytes(1024 * 1024))
		const stored = await storage.put('streams/big.bin', chunkedStream(chunks), { contentType: 'image/png' })
		expect(stored.size).toBe(6 * 1024 * 1024)

		const got = await storage.get('streams/big.bin')
		expect(got!.size).toBe(6 * 1024 * 1024)
		expect(got!.contentType).toBe('image/png')
		expect((await buffer(got!.body)).equals(Buffer.concat(chunks))).toBe(true)
	})

	it('overwrites an existing key', async () => {
		await storage.put('over/write.txt', Buffer.from('first'), { contentType: 'text/plain' })
		await storage.put('over/write.txt', Buffer.from('second'), { contentType: 'text/markdown' })
		const got = await storage.get('over/write.txt')
		expect(got!.contentType).toBe('text/markdown')
		expect(await text(got!.body)).toBe('second')
	})

	it('reports existence and returns null for a missing key', async () => {
		await storage.put('exists/yes.txt', Buffer.from('y'), { contentType: 'text/plain' })
		expect(await storage.exists('exists/yes.txt')).toBe(true)
		expect(await storage.exists('exists/no.txt')).toBe(false)
		expect(await storage.exists('exists')).toBe(false)
		expect(await storage.get('exists/no.txt')).toBeNull()
		expect(await storage.get('nowhere/at/all.txt')).toBeNull()
	})

	it('deletes a key, and deleting a missing key is not an error', async () => {
		await storage.put('del/me.txt', Buffer.from('x'), { contentType: 'text/plain' })
		await storage.delete('del/me.txt')
		expect(await storage.exists('del/me.txt')).toBe(false)
		await expect(storage.delete('del/me.txt')).resolves.toBeUndefined()
		await expect(storage.delete('never/was.txt')).resolves.toBeUndefined()
	})

	it('deletes by prefix, matching on the plain string like S3', async () => {
		const keys = ['p/1/a.txt', 'p/1/deep/b.txt', 'p/10/c.txt', 'p/2/d.txt', 'p/img-1.png', 'p/img-2.png', 'p/doc.pdf']
		for (const key of keys) await storage.put(key, Buffer.from(key), { contentType: 'text/plain' })

		await storage.deletePrefix('p/1/')
		await storage.deletePrefix('p/img-')
		await storage.deletePrefix('p/nothing-here/')

		const left = []
		for (const key of keys) if (await storage.exists(key)) left.push(key)
		expect(left).toEqual(['p/10/c.txt', 'p/2/d.txt', 'p/doc.pdf'])

		await storage.deletePrefix('p/')
		for (const key of keys) expect(await storage.exists(key)).toBe(false)
	})

	it('rejects a put whose stream fails and leaves no object behind', async () => {
		const body = chunkedStream([randomBytes(64 * 1024)], true)
		await expect(storage.put('fail/new.bin', body, { contentType: 'text/plain' })).rejects.toThrow('client went away')
		expect(await storage.exists('fail/new.bin')).toBe(false)
	})

	it('keeps the previous object when an overwrite fails after a multipart upload began', async () => {
		await storage.put('fail/old.txt', Buffer.from('old'), { contentType: 'text/plain' })
		const body = chunkedStream(
			Array.from({ length: 6 }, () => randomBytes(1024 * 1024)),
			true,
		)
		await expect(storage.put('fail/old.txt', body, { contentType: 'image/png' })).rejects.toThrow('client went away')

		const got = await storage.get('fail/old.txt')
		expect(got!.contentType).toBe('text/plain')
		expect(await text(got!.body)).toBe('old')
	})

	it.each(['../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a//b', '.hidden', 'a/.meta', ''])(
		'rejects the key %j',
		async (key) => {
			await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
				'Invalid storage key',
			)
			await expect(storage.get(key)).rejects.toThrow('Invalid storage key')
		},
	)

	it('refuses an empty prefix rather than wiping everything', async () => {
		await expect(storage.deletePrefix('')).rejects.toThrow('Invalid storage prefix')
		await expect(storage.deletePrefix('/')).rejects.toThrow('Invalid storage prefix')
	})

	it(backend.signsUrls ? 'signs a URL a browser can fetch' : 'has no signed URLs', async () => {
		const bytes = randomBytes(2048)
		await storage.put('signed/file.bin', bytes, { contentType: 'application/octet-stream' })
		const url = await storage.signedUrl('signed/file.bin', 60)
		if (!backend.signsUrls) return expect(url).toBeNull()

		const res = await fetch(url!)
		expect(res.status).toBe(200)
		expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
	})
})

describe('local storage on disk', () => {
	let root: string
	let storage: Storage

	beforeAll(async () => {
		const parent = await mkdtemp(join(tmpdir(), 'rendo-files-'))
		root = join(parent, 'files')
		storage = createStorage({ root })
	})
	afterAll(() => rm(join(root, '..'), { recursive: true, force: true }))

	it('removes its temp file when the stream fails', async () => {
		await storage.put('keep/other.txt', Buffer.from('x'), { contentType: 'text/plain' })
		const body = chunkedStream([randomBytes(64 * 1024)], true)
		await expect(storage.put('keep/broken.bin', body, { contentType: 'text/plain' })).rejects.toThrow()
		expect((await readdir(join(root, 'keep'))).sort()).toEqual(['.other.txt.meta.json', 'other.txt'])
	})

	it('writes nothing outside its root for a traversal key', async () => {
		await expect(storage.put('../escaped.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow()
		expect(await readdir(join(root, '..'))).toEqual(['files'])
	})
})

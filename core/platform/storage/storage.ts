import type { Readable } from 'node:stream'

export interface StoredObject {
	key: string
	size: number
	contentType: string
}

/**
 * Keys are slash-separated paths such as `projects/12/files/abc.pdf`.
 * Every backend enforces the same key rules (see assertValidKey) so that
 * switching between local and S3 never makes existing keys invalid.
 */
export interface Storage {
	/** Streams body to the key; resolves once it is durable. Rejects (and leaves nothing behind) if the stream errors. */
	put(key: string, body: Readable | Buffer, opts: { contentType: string }): Promise<StoredObject>
	/** null when absent */
	get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null>
	exists(key: string): Promise<boolean>
	/** No error if absent. */
	delete(key: string): Promise<void>
	/** Deletes every key starting with prefix (plain string match, as in S3). */
	deletePrefix(prefix: string): Promise<void>
	/** A short-lived URL a browser can fetch directly, or null where the backend has none (local: files are served through an authorised app route instead). */
	signedUrl(key: string, ttlSeconds: number): Promise<string | null>
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

/**
 * Segments may not be empty or start with '.': that rules out `.`/`..`
 * traversal, and leaves dot-names free for the local backend's temp and
 * metadata files so they can never collide with a key.
 */
export function assertValidKey(key: string): void {
	const valid =
		key.length > 0 &&
		key.length <= 1024 &&
		!key.includes('\\') &&
		!key.includes('\0') &&
		key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'))
	if (!valid) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}

/** Like a key, optionally ending in '/'; an empty prefix is refused so nothing can wipe the whole store. */
export function assertValidPrefix(prefix: string): void {
	try {
		assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)
	} catch {
		throw new Error(`Invalid storage prefix: ${JSON.stringify(prefix)}`)
	}
}

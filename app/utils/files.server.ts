import { Readable } from 'node:stream'
import { redirect } from '@remix-run/node'
import { storage } from '#core/platform/storage.ts'

const SIGNED_URL_SECONDS = 300

/**
 * Answers with a stored object: a short-lived signed URL where the backend has them (S3),
 * otherwise the bytes streamed from the local folder. Keys are unique per image, so the
 * browser may keep them; `private` keeps shared caches out.
 */
export async function serveStoredObject(key: string) {
	const signed = await storage().signedUrl(key, SIGNED_URL_SECONDS)
	if (signed) return redirect(signed, { headers: { 'Cache-Control': 'private, max-age=60' } })
	const object = await storage().get(key)
	if (!object) return Response.json({ message: 'Image not found' }, { status: 404 })
	return new Response(Readable.toWeb(object.body) as ReadableStream, {
		headers: {
			'Content-Type': object.contentType,
			'Content-Length': String(object.size),
			'Cache-Control': 'private, max-age=31536000, immutable',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

import { NotFoundError } from '#core/errors.ts'
import { storage } from '#core/platform/storage.ts'

/** A stored image as bytes: Telegram gets uploads, never a link to our files. */
export async function storedBytes(key: string) {
	const object = await storage().get(key)
	if (!object) throw new NotFoundError('Image not found')
	const chunks: Buffer[] = []
	for await (const chunk of object.body) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks)
}

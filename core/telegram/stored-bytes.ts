import { NotFoundError } from '#core/errors.ts'
import { readBytes } from '#core/platform/storage.ts'

/** A stored image as bytes: Telegram gets uploads, never a link to our files. */
export async function storedBytes(key: string) {
	const bytes = await readBytes(key)
	if (!bytes) throw new NotFoundError('Image not found')
	return bytes
}

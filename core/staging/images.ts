import { readImageHeader } from '#core/platform/sharp.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import { RenderError, type AnsweredImage, type StagedImage } from '#core/render/provider.ts'

export interface Photo {
	bytes: Buffer
	width: number
	height: number
}

/** The upright original a request stages, with its size (every output is fitted back to it). */
export async function readPhoto(key: string): Promise<Photo> {
	const bytes = await readBytes(key)
	if (!bytes) throw new RenderError('The original photo is missing', false)
	const header = await readImageHeader(bytes)
	if (!header) throw new RenderError('The original photo could not be read', false)
	return { bytes, width: header.width, height: header.height }
}

const rawPrefix = (stagingId: string) => `staging/${stagingId}/`
const rawImageKey = (stagingId: string, index: number) => `${rawPrefix(stagingId)}raw-${index}`

/** A vendor's answer as it came, kept until it is delivered: a retry then never asks again. */
export async function storeRawImages(stagingId: string, images: StagedImage[]) {
	await Promise.all(
		images.map((image, i) =>
			storage().put(rawImageKey(stagingId, i), image.bytes, { contentType: 'application/octet-stream' }),
		),
	)
}

export async function readRawImages(
	stagingId: string,
	count: number,
	providerImageIds: string[],
): Promise<StagedImage[]> {
	return Promise.all(
		Array.from({ length: count }, async (_, i) => {
			const bytes = await readBytes(rawImageKey(stagingId, i))
			if (!bytes) throw new RenderError('A received image is missing from storage', false)
			return { bytes, providerImageId: providerImageIds[i] }
		}),
	)
}

const partKey = (stagingId: string, offset: number) => `${rawPrefix(stagingId)}part-${offset}`

/**
 * One image of a vendor that answers one image a call, stored the moment it arrives, so a render asked
 * again (its vendor waited out, its process killed) asks only for the images it lacks. The note goes
 * last: an image counts as received only once its bytes are stored. Removed with the raw images.
 */
export async function storeAnswerPart(stagingId: string, offset: number, { image, costUsdMicros }: AnsweredImage) {
	await storage().put(partKey(stagingId, offset), image.bytes, { contentType: 'application/octet-stream' })
	const note = { providerImageId: image.providerImageId ?? null, costUsdMicros: costUsdMicros ?? null }
	await storage().put(`${partKey(stagingId, offset)}.json`, Buffer.from(JSON.stringify(note)), {
		contentType: 'application/json',
	})
}

/** The images of a request stored by storeAnswerPart, by offset. */
export async function readAnswerParts(stagingId: string, count: number): Promise<Map<number, AnsweredImage>> {
	const parts = await Promise.all(
		Array.from({ length: count }, async (_, offset) => {
			const note = await readBytes(`${partKey(stagingId, offset)}.json`)
			const bytes = note && (await readBytes(partKey(stagingId, offset)))
			if (!note || !bytes) return []
			const { providerImageId, costUsdMicros } = JSON.parse(note.toString('utf8')) as {
				providerImageId: string | null
				costUsdMicros: number | null
			}
			const answer: AnsweredImage = {
				image: { bytes, providerImageId: providerImageId ?? undefined },
				costUsdMicros: costUsdMicros ?? undefined,
			}
			return [[offset, answer] as const]
		}),
	)
	return new Map(parts.flat())
}

export async function removeRawImages(stagingId: string) {
	await storage().deletePrefix(rawPrefix(stagingId))
}

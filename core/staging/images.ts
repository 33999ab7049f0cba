import { readImageHeader } from '#core/platform/sharp.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import { RenderError, type StagedImage } from '#core/render/provider.ts'

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

export async function removeRawImages(stagingId: string) {
	await storage().deletePrefix(rawPrefix(stagingId))
}

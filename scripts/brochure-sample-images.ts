/**
 * Writes the photos the test brochure ships with (core/brochures/sample/): three synthetic rooms
 * and their staged versions from the local preview renderer, and a small copy of the first staged
 * room for the onboarding wizard's cover preview (public/brochure-preview.jpg). Run once; the
 * JPEGs are committed.
 *   node --import tsx scripts/brochure-sample-images.ts
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { SAMPLE_ROOMS, SAMPLE_STYLE, sampleImagePaths } from '#core/brochures/sample-brochure.ts'
import { renderLocalPreview } from '#core/render/local-preview.ts'
import { sharp } from '#core/platform/sharp.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'

for (const [index, room] of SAMPLE_ROOMS.entries()) {
	const photo = await makeRoomPhoto({ width: 1000, height: 750, seed: index * 3 + 2 })
	const staged = await renderLocalPreview({ image: photo, style: SAMPLE_STYLE, variationIndex: 0 })
	const paths = sampleImagePaths(room.roomType)
	await fs.mkdir(path.dirname(paths.before), { recursive: true })
	await fs.writeFile(paths.before, await sharp(photo).jpeg({ quality: 74 }).toBuffer())
	await fs.writeFile(paths.after, await sharp(staged.image).jpeg({ quality: 74 }).toBuffer())
	console.log(`wrote ${paths.before} and ${paths.after}`)
	if (index === 0) {
		const preview = path.resolve('public/brochure-preview.jpg')
		await fs.writeFile(preview, await sharp(staged.image).resize(640).jpeg({ quality: 70 }).toBuffer())
		console.log(`wrote ${preview}`)
	}
}

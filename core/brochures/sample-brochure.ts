import fs from 'node:fs/promises'
import path from 'node:path'
import type { Style } from '#core/render/provider.ts'
import { roomNames } from './labels.ts'
import { styleLabel } from '#core/studio/labels.ts'
import type { BrochureContent } from './pdf/content.ts'
import { printImage } from './print-image.ts'

/** The rooms of the sample brochure; their photos ship in ./sample (scripts/brochure-sample-images.ts). */
export const SAMPLE_ROOMS = [{ roomType: 'living' }, { roomType: 'kitchen' }, { roomType: 'bedroom' }] as const
export const SAMPLE_STYLE: Style = 'scandinavian'
export const SAMPLE_ADDRESS = '14 Harbour View, Bristol BS1 5LL'
export const SAMPLE_BUYER = 'Alex Morgan'

export function sampleImagePaths(roomType: string) {
	const dir = path.join(import.meta.dirname, 'sample')
	return { before: path.join(dir, `${roomType}-before.jpg`), after: path.join(dir, `${roomType}-after.jpg`) }
}

/** The sample brochure's content in the given brand. */
export async function sampleBrochureContent(brand: BrochureContent['brand']): Promise<BrochureContent> {
	const names = roomNames(SAMPLE_ROOMS.map((room) => room.roomType))
	const rooms = await Promise.all(
		SAMPLE_ROOMS.map(async (room, index) => {
			const paths = sampleImagePaths(room.roomType)
			const [before, after] = await Promise.all([fs.readFile(paths.before), fs.readFile(paths.after)])
			return {
				name: names[index],
				style: SAMPLE_STYLE,
				styleLabel: styleLabel(SAMPLE_STYLE),
				before: await printImage(before),
				after: await printImage(after),
			}
		}),
	)
	return {
		brand,
		address: SAMPLE_ADDRESS,
		buyerName: SAMPLE_BUYER,
		styleLabel: styleLabel(SAMPLE_STYLE),
		preparedOn: new Date(),
		rooms,
		notes: 'Would love to see the living room with a reading corner by the window.',
	}
}

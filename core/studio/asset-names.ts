/**
 * Download names of final images (spec 02 §3: a meaningful filename), such as
 * 12-acacia-avenue_kitchen_scandinavian_1.jpg: the address's first line, the room, the style and
 * the image's number within that room and style.
 */

/** Lower-case words joined by '-', ASCII only ('Café Road' → 'cafe-road'), at most 60 characters. */
export function slugify(text: string) {
	return (
		text
			.normalize('NFKD')
			.replace(/[\u0300-\u036f]/g, '')
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.slice(0, 60)
			.replace(/^-+|-+$/g, '') || 'property'
	)
}

/** The first line of an address: '12 Acacia Avenue, Bristol BS1 4DJ' → '12-acacia-avenue'. */
export function addressSlug(address: string) {
	return slugify(address.split(/[,\n]/)[0] ?? address)
}

export type NamedImage = { id: string; roomName: string | null; roomType: string; style: string }

/**
 * Names for the kept images of one project, given in display order. Numbers count per room label
 * and style, so two rooms both called 'bedroom' still get different names (a ZIP must not hold
 * two entries of one name).
 */
export function assetFileNames(address: string, images: readonly NamedImage[]): Map<string, string> {
	const prefix = addressSlug(address)
	const counters = new Map<string, number>()
	const names = new Map<string, string>()
	for (const image of images) {
		const stem = `${prefix}_${slugify(image.roomName?.trim() || image.roomType)}_${slugify(image.style)}`
		const n = (counters.get(stem) ?? 0) + 1
		counters.set(stem, n)
		names.set(image.id, `${stem}_${n}.jpg`)
	}
	return names
}

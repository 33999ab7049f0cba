import { humanise, roomTypeLabel } from '#core/studio/labels.ts'

/** Display names of render settings and of rooms in brochures and their e-mails. */

export const settingLabel = humanise

/** Room names in brochure order: a second bedroom is 'Bedroom 2', so every page is told apart. */
export function roomNames(roomTypes: readonly string[]): string[] {
	const total = new Map<string, number>()
	for (const type of roomTypes) total.set(type, (total.get(type) ?? 0) + 1)
	const seen = new Map<string, number>()
	return roomTypes.map((type) => {
		const n = (seen.get(type) ?? 0) + 1
		seen.set(type, n)
		return total.get(type)! > 1 && n > 1 ? `${roomTypeLabel(type)} ${n}` : roomTypeLabel(type)
	})
}

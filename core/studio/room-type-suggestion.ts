/**
 * The room type a photo shows, read from the room check's label map of it (the segmentation model,
 * core/staging/room-check/segment.ts), never from its file name: 'IMG_4521.jpg' says nothing, and
 * an empty room says too little. Each room type has its tell-tale things; the photo is that room
 * when they cover enough of it, and when two are seen the one seen most clearly (its share over
 * its own threshold) wins. Nothing clear enough, no suggestion: the agent chooses.
 */
import type { Labels } from '#core/staging/room-check/segment.ts'
import { labelsOf } from '#core/staging/room-check/segmenter.ts'
import { readBytes } from '#core/platform/storage.ts'
import type { RoomType } from './studio.schema.ts'

/** The classes of models/deeplabv3-mnv2-ade20k/labels.txt (line less one) each room type is told by. */
const BED = [8]
const BATHROOM_FIXTURES = [38, 66, 146] // bathtub, toilet, shower
// Cooking and kitchen appliances: stove, kitchen island, fridge, oven, microwave, dishwasher, hood.
// Not cabinets, worktops or sinks alone: bathrooms and utility rooms have them too.
const KITCHEN_APPLIANCES = [72, 74, 51, 119, 125, 130, 134]
const SEATING = [24, 31, 65] // sofa, armchair, coffee table
const TABLE_AND_CHAIRS = [16, 20] // table, chair
// What a photo taken outside shows most: building, sky, tree, grass, road, house, plant-covered ground.
const OUTSIDE = [2, 3, 5, 10, 7, 26, 14]
const INSIDE = [1, 4, 6] // wall, floor, ceiling

type Rule = { roomType: RoomType; classes: number[]; atLeast: number; unless?: { classes: number[]; over: number } }

/**
 * The least share of the photo's pixels each tell needs, measured on the photos of tests/fixtures
 * (room-type-suggestion.test.ts): a bed covers 14–40 % of a bedroom photo, and 0.3 % of an empty
 * room's (a misread shadow); a bath or toilet 2–27 % of a bathroom's; appliances 4–9 % of a
 * kitchen's and under 1 % elsewhere; sofas and armchairs 4–24 % of a living room's; a dining table
 * and chairs 37 % of a dining room's, 10–15 % where a desk stands in a bedroom or a room is lived in.
 */
const RULES: Rule[] = [
	{ roomType: 'bedroom', classes: BED, atLeast: 0.05 },
	{ roomType: 'bathroom', classes: BATHROOM_FIXTURES, atLeast: 0.02 },
	{ roomType: 'kitchen', classes: KITCHEN_APPLIANCES, atLeast: 0.02 },
	{ roomType: 'living', classes: SEATING, atLeast: 0.04 },
	// A table with chairs is a dining room only where nobody sits on a sofa.
	{ roomType: 'dining', classes: TABLE_AND_CHAIRS, atLeast: 0.2, unless: { classes: SEATING, over: 0.02 } },
	// Outside only with little wall, floor or ceiling in sight: a window's view, or a pale wall the
	// model took for sky, is no exterior.
	{ roomType: 'exterior', classes: OUTSIDE, atLeast: 0.5, unless: { classes: INSIDE, over: 0.1 } },
]

/** Each class's share of the label map's pixels. */
function shares(labels: Labels) {
	const counts = new Float64Array(256)
	for (const label of labels.data) counts[label]++
	return (classes: number[]) => classes.reduce((sum, c) => sum + counts[c], 0) / labels.data.length
}

/** The room type the photo's label map shows, or null when it shows none clearly (an empty room, a close-up). */
export function suggestRoomType(labels: Labels): RoomType | null {
	const share = shares(labels)
	let best: { roomType: RoomType; strength: number } | null = null
	for (const rule of RULES) {
		if (rule.unless && share(rule.unless.classes) > rule.unless.over) continue
		const strength = share(rule.classes) / rule.atLeast
		if (strength >= 1 && (!best || strength > best.strength)) best = { roomType: rule.roomType, strength }
	}
	return best?.roomType ?? null
}

/**
 * The room type a stored photo shows, or null. Its label map is kept as the photo's (segmenter.ts,
 * by the bytes' sha1), so the room check of its first stagings reuses it instead of segmenting again;
 * `urgent`, since an agent waits. A segmentation that fails only costs the suggestion.
 */
export async function suggestRoomTypeOfPhoto(photo: Buffer): Promise<RoomType | null> {
	const labels = await labelsOf(photo, { photo: true, urgent: true }).catch(() => null)
	return labels && suggestRoomType(labels)
}

/** Who chose a room's type (db/schema/studio.ts room_type_by). */
export type RoomTypeBy = 'agent' | 'photo' | 'nobody'

/**
 * The room type of a room uploaded without one, from its stored photo (`key`, the very bytes the
 * room check will read, so its label map is the one kept): the photo's suggestion, or, when it shows
 * none, a stand-in the confirmation step does not offer.
 */
export async function roomTypeFromPhoto(key: string): Promise<{ roomType: RoomType; roomTypeBy: RoomTypeBy }> {
	const photo = await readBytes(key)
	const suggested = photo && (await suggestRoomTypeOfPhoto(photo))
	return suggested ? { roomType: suggested, roomTypeBy: 'photo' } : { roomType: 'living', roomTypeBy: 'nobody' }
}

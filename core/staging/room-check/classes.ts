/**
 * The segmentation model's classes that the room check reads (index = the line of
 * models/deeplabv3-mnv2-ade20k/labels.txt, less one; ADE20K's index + 1), in two groups:
 * the room itself, which staging must keep, and what is placed in it, which staging may add,
 * swap or take away. Any other class (a person, a car, "others") is neither.
 */

/** The room: its surfaces, openings, built-ins and fixed lights, and what a window looks out on. */
export const ROOM = {
	1: 'wall',
	4: 'floor',
	6: 'ceiling',
	9: 'window',
	15: 'door',
	59: 'screen door',
	54: 'stairs',
	60: 'staircase',
	122: 'step',
	39: 'railing',
	96: 'banister',
	50: 'fireplace',
	43: 'column',
	11: 'kitchen unit',
	46: 'counter',
	71: 'worktop',
	74: 'kitchen island',
	48: 'sink',
	72: 'hob',
	134: 'cooker hood',
	38: 'bath',
	66: 'toilet',
	146: 'shower',
	147: 'radiator',
	83: 'ceiling light',
	86: 'chandelier',
	135: 'sconce',
	// What a window shows.
	2: 'building',
	3: 'sky',
	5: 'tree',
	10: 'grass',
	17: 'mountain',
} as const satisfies Record<number, string>

/** What is placed in a room: furniture, soft furnishings, lamps, art, plants; [one, several]. */
export const PLACED = {
	8: ['bed', 'beds'],
	16: ['table', 'tables'],
	18: ['plant', 'plants'],
	19: ['curtain', 'curtains'],
	20: ['chair', 'chairs'],
	23: ['painting', 'paintings'],
	24: ['sofa', 'sofas'],
	25: ['shelf', 'shelves'],
	28: ['mirror', 'mirrors'],
	29: ['rug', 'rugs'],
	31: ['armchair', 'armchairs'],
	32: ['seat', 'seats'],
	34: ['desk', 'desks'],
	36: ['wardrobe', 'wardrobes'],
	37: ['lamp', 'lamps'],
	40: ['cushion', 'cushions'],
	41: ['stand', 'stands'],
	45: ['chest of drawers', 'chests of drawers'],
	56: ['display cabinet', 'display cabinets'],
	58: ['pillow', 'pillows'],
	63: ['bookcase', 'bookcases'],
	64: ['blind', 'blinds'],
	65: ['coffee table', 'coffee tables'],
	67: ['vase of flowers', 'vases of flowers'],
	68: ['book', 'books'],
	70: ['bench', 'benches'],
	75: ['computer', 'computers'],
	76: ['swivel chair', 'swivel chairs'],
	82: ['towel', 'towels'],
	90: ['television', 'televisions'],
	98: ['ottoman', 'ottomans'],
	100: ['sideboard', 'sideboards'],
	101: ['poster', 'posters'],
	111: ['stool', 'stools'],
	113: ['basket', 'baskets'],
	126: ['flowerpot', 'flowerpots'],
	132: ['blanket', 'blankets'],
	133: ['sculpture', 'sculptures'],
	136: ['vase', 'vases'],
	139: ['bin', 'bins'],
	140: ['fan', 'fans'],
	149: ['clock', 'clocks'],
} as const satisfies Record<number, readonly [string, string]>

export type Group = 'room' | 'placed' | 'other'

/** Each class index's group, for the per-pixel loops. */
export const GROUP: Group[] = Array.from({ length: 151 }, (_, i) =>
	i in ROOM ? 'room' : i in PLACED ? 'placed' : 'other',
)

/**
 * Placed things that stand free in the room (furniture, soft furnishings, lamps, plants), not
 * against or on a wall: a photo's region the model calls one of these can be taken away and the room
 * behind it shown. Flat or built-against-the-wall things (wardrobes, shelves, paintings, mirrors,
 * curtains, blinds) are left out: the model takes windows and doors for them.
 */
export const FREESTANDING = new Set([
	8, 16, 18, 20, 24, 29, 31, 32, 34, 37, 40, 57, 58, 65, 70, 76, 90, 98, 111, 113, 126, 132, 139,
])

/**
 * Placed classes the model mixes within one thing: a sofa read partly as armchair and seat, a
 * nightstand partly as table, partly as chest of drawers, a plant and its pot. Touching patches of
 * one kind are one thing (regions.ts contents).
 */
const KINDS = [
	[8, 20, 24, 31, 32, 70, 76, 98, 111], // to sit or lie on
	[16, 34, 41, 45, 65, 100], // tables and low cabinets
	[25, 36, 56, 63], // storage against a wall
	[18, 67, 126], // plants and their pots
	[23, 28, 101], // flat on a wall
]

/** Each class index's kind (KINDS), or its own index + 1000 when it has none, so that equal kinds mean kindred classes. */
export const KIND: number[] = Array.from({ length: 151 }, (_, i) => {
	const kind = KINDS.findIndex((classes) => classes.includes(i))
	return kind < 0 ? 1000 + i : kind
})

/**
 * Loose things that are neither the room nor placed in it (a box, a bag, clothes, a bottle, a
 * toy): a staging clears them away, so the photo's clutter is room enough for something added there.
 */
export const LOOSE = new Set([42, 93, 99, 109, 116])

/** The room classes through which the room is seen out or entered. */
export const OPENINGS = new Set([9, 15, 59])
export const WINDOW = 9
/** What a window looks out on (building, sky, tree, grass, mountain). */
export const OUTDOORS = new Set([2, 3, 5, 10, 17])
export const WALL = 1
export const FLOOR = 4
export const BED = 8
export const RUG = 29

import { deltaE, parseHex, rgbToLab } from '#core/edits/colour.ts'
import type { Box, EditScope, RoomType } from '../provider.ts'
import { ROOM_NAMES } from './staging-prompt.ts'

// The instruction for an item removal or a renovation (StagingRequest.scope), for the vendors that
// take a prompt (OpenAI with its mask, Gemini by words alone): what to change, where, into what,
// and that nothing else changes. The places and the surfaces are said the same way to both.

/** Where a thing stands, in words and fractions: "at the left, about 10–30 % across and 40–80 % down". */
export function placeOf(box: Box): string {
	const centre = box.x + box.width / 2
	const side = centre < 0.36 ? 'at the left' : centre > 0.64 ? 'at the right' : 'in the middle'
	// Widened to whole 5 % steps, so the words never cut the thing short.
	const from = (v: number) => Math.max(0, Math.floor(v * 20) * 5)
	const to = (v: number) => Math.min(100, Math.ceil(v * 20) * 5)
	return (
		`${side}, about ${from(box.x)}–${to(box.x + box.width)} % across ` +
		`and ${from(box.y)}–${to(box.y + box.height)} % down`
	)
}

/** 'armchair 2' → 'armchair': the number is Rendo's way of telling two apart; the place tells the vendor. */
const thing = (name: string) => name.replace(/\s+\d+$/, '')

/**
 * Common paint colour names, so a model that reads a hex code loosely still hears the colour.
 * The nearest in CIE Lab is said beside the code.
 */
const COLOUR_NAMES: Array<[string, string]> = [
	['white', '#f5f5f2'],
	['warm white', '#f3ede1'],
	['cream', '#efe3c8'],
	['beige', '#d9c7a7'],
	['greige', '#cfc8b8'],
	['light grey', '#d3d3d3'],
	['mid grey', '#9e9e9e'],
	['charcoal', '#3c3f42'],
	['black', '#1c1c1c'],
	['taupe', '#8b7d6b'],
	['sand', '#c8b48a'],
	['terracotta', '#c4663f'],
	['brick red', '#9c3b2e'],
	['burgundy', '#6d1f2e'],
	['blush pink', '#e8c4c0'],
	['dusty pink', '#c9a0a0'],
	['mustard yellow', '#d1a33b'],
	['pale yellow', '#f1e3a0'],
	['sage green', '#a3b18a'],
	['olive green', '#6b6b3a'],
	['forest green', '#2f4f3a'],
	['teal', '#2f6f6f'],
	['duck-egg blue', '#c5d9d6'],
	['sky blue', '#a9c7e0'],
	['slate blue', '#6a84a3'],
	['navy blue', '#1f2f4f'],
	['lavender', '#c8bfe0'],
	['chocolate brown', '#5a3d2b'],
]
const NAMED = COLOUR_NAMES.map(([name, hex]) => ({ name, lab: rgbToLab(...parseHex(hex)!) }))

/** The nearest common name of a hex colour ('#d8d2c4' → 'greige'), or undefined for something that is not one. */
export function colourName(hex: string): string | undefined {
	const rgb = parseHex(hex)
	if (!rgb) return undefined
	const lab = rgbToLab(...rgb)
	return NAMED.reduce((best, named) => (deltaE(named.lab, lab) < deltaE(best.lab, lab) ? named : best)).name
}

/** One surface and what it becomes: a colour is painted, anything else is a material the surface is redone in. */
function surfaceLine({ name, becomes }: { name: string; becomes: string }) {
	const named = colourName(becomes)
	return named
		? `Paint the ${name} ${becomes.toLowerCase()} (${named}), keeping their light and shade as they are in the photo.`
		: `Refinish the ${name} in ${becomes}, fitted to the same edges, in the photo's light.`
}

/**
 * The prompt for an edit with its scope. `masked`: the vendor is sent the area as a mask too
 * (OpenAI's images.edit), so the prompt points at it; without one (Gemini) the words and places
 * are the whole of the scope.
 */
export function editPrompt(
	request: { roomType: RoomType; scope: Pick<EditScope, 'kind' | 'items' | 'surfaces'> },
	{ masked }: { masked: boolean },
): string {
	const { scope } = request
	const room = ROOM_NAMES[request.roomType]
	const lines = [`This is a real-estate photograph of a ${room}.`]
	const where = masked ? ' The area to change is the transparent area of the mask; nothing outside it changes.' : ''
	if (scope.kind === 'remove') {
		const items = scope.items.map((item) => `the ${thing(item.name)} (${placeOf(item.box)})`)
		lines.push(
			`Remove ${items.length > 1 ? `${items.slice(0, -1).join('; ')} and ${items.at(-1)}` : items[0]}. Fill where ${items.length > 1 ? 'they stood' : 'it stood'} with what is behind ` +
				`${items.length > 1 ? 'them' : 'it'}: the wall and floor continued, with their lines, texture and light, and ` +
				'no shadow left behind.' +
				where,
			'Change nothing else: every other thing in the room, the walls, floor, windows, doors, the light and the ' +
				'camera position, angle, lens and framing stay exactly as they are.',
		)
	} else {
		lines.push(...scope.surfaces.map(surfaceLine))
		if (where) lines.push(where.trim())
		lines.push(
			`Keep everything else exactly as it is: the furniture and everything standing in the room, every other ` +
				'surface, the windows, doors and fixtures, the light and the camera position, angle, lens and framing. Add, ' +
				'remove or move nothing.',
		)
	}
	lines.push('Answer with the edited photograph only, photorealistic, at the same framing.')
	return lines.join('\n')
}

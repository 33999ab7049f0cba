import type { PhotoEdit, RoomType, StagingRequest, Style } from '../provider.ts'

// One staging instruction for the vendors that take a prompt (OpenAI, Gemini): the same words make
// the same room, whichever model reads them.

export const ROOM_NAMES: Record<RoomType, string> = {
	kitchen: 'kitchen',
	living: 'living room',
	bedroom: 'bedroom',
	bathroom: 'bathroom',
	dining: 'dining room',
	office: 'home office',
	exterior: 'house exterior',
	kids_room: "children's bedroom",
	outdoor: 'outdoor space (patio, deck or garden)',
}

const STYLE_NAMES: Record<Style, string> = {
	modern: 'modern',
	luxury: 'luxury',
	scandinavian: 'Scandinavian',
	industrial: 'industrial',
	midcentury: 'mid-century modern',
	farmhouse: 'modern farmhouse',
	coastal: 'coastal',
	standard: 'timeless, neutral transitional',
}

const KEEP =
	'Keep everything that is part of the building exactly as it is in the photo: walls, windows, doors, floor, ceiling, ' +
	'built-in fixtures and cabinets, the light and where it comes from, the view through the windows, and the camera ' +
	'position, angle, lens and framing. Do not add, remove, move or resize any wall, window, door or fixture, and do not ' +
	'repaint or change any surface.'

export type PromptRequest = Pick<StagingRequest, 'roomType' | 'style' | 'removeFurniture' | 'edit'> & {
	/** Set when the request carries another view of the room, already staged, to match. */
	reference?: unknown
}

// The photo edits change light and colour only: the same building, the same things in it.
const EDITS: Record<PhotoEdit, (room: string) => string> = {
	twilight: (room) =>
		`Turn this daytime photograph of a ${room} into a twilight ("day to dusk") shot: replace the sky with a clear ` +
		'dusk sky, deep blue above and warm near the horizon, relight the scene to match, and show warm light glowing ' +
		'from the windows and the existing outdoor lights. Change only the sky, the light and the reflections of ' +
		'them. Keep the building, its roof, walls, windows, doors, materials and colours, the garden, the paving and ' +
		'everything else exactly where and what they are, and add or remove nothing.',
	enhance: (room) =>
		`Enhance this real-estate photograph of a ${room} as a professional photo editor would: balance the ` +
		'exposure so the shadows and the windows both read, correct the white balance to neutral, make the colours ' +
		'natural and clear, straighten converging verticals and correct lens distortion, and sharpen gently. Change ' +
		'only exposure, colour and lens geometry: add, remove, move or restyle nothing, and do not replace the sky or ' +
		'the view through the windows.',
}

/**
 * The instruction for a photo: stage the room in the style (removing what furniture is there first when
 * asked), or with style null only empty it; everything that is the building stays as it is. With
 * `variation` (one image a call), each call asks for an arrangement of its own.
 */
export function stagingPrompt(request: PromptRequest, variation?: { number: number; of: number }): string {
	const room = ROOM_NAMES[request.roomType]
	if (request.edit)
		return [
			EDITS[request.edit](room),
			'Keep the camera position, angle, lens and framing.',
			'Answer with the edited photograph only, photorealistic, at the same framing.',
		].join('\n')
	const lines = [`This is a real-estate photograph of a ${room}.`]
	if (request.style === null) {
		lines.push(
			`Remove all the furniture, rugs, decor, plants and clutter from this ${room}, and show the floor and walls ` +
				'behind them as they really are. Add nothing: the result is the same room, empty.',
		)
	} else {
		const furnish =
			`furnish it as a ${STYLE_NAMES[request.style]} ${room}, with furniture, rugs, free-standing lamps and decor, ` +
			'sized to the room and placed where people would really put them, with natural shadows that match the ' +
			'existing light. Only add furnishings.'
		if (request.removeFurniture)
			lines.push(
				'First remove all the existing furniture, rugs, decor and clutter, and show the floor and walls behind them ' +
					`as they really are. Then virtually stage the empty room: ${furnish}`,
			)
		else lines.push(`Virtually stage it: ${furnish}`)
	}
	if (request.style !== null && request.reference)
		lines.push(
			`The second image is the same ${room} photographed from another viewpoint, already staged. Furnish this ` +
				'photograph with the same pieces: the same furniture, rugs, lamps and decor, in the same materials and ' +
				'colours, each placed where it stands in that room as seen from this viewpoint. Add nothing that is not ' +
				'in the second image, and take nothing else from it: its walls, windows and light belong to its own view.',
		)
	lines.push(KEEP)
	if (request.style !== null && variation && variation.of > 1 && !request.reference)
		lines.push(
			`Variation ${variation.number} of ${variation.of}: choose a different arrangement and different pieces ` +
				'from the other variations.',
		)
	lines.push('Answer with the edited photograph only, photorealistic, at the same framing.')
	return lines.join('\n')
}

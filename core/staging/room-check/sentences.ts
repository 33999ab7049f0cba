/**
 * What the room check found, said as a person would: what was added to the room and taken away
 * ("Added: a sofa, a rug and two lamps"). Every door (compare dialog, originals page, listing pack,
 * API, CLI, bot) says it with these words.
 */
import type { Crop } from './compare.ts'
import type { Contents, Items } from './regions.ts'
import type { ChangedRegion } from './types.ts'

const NUMBERS = ['', 'a', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

/** "a sofa", "two lamps". */
function itemWords({ name, plural, count }: Items) {
	if (count > 1) return `${NUMBERS[count] ?? count} ${plural}`
	return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`
}

/** "a, b and c" */
function andList(words: string[]) {
	return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0]
}

/** "a sofa, a rug, two lamps and a painting"; null when nothing. */
export function listItems(items: Items[]): string | null {
	if (!items.length) return null
	return andList(items.map(itemWords))
}

/**
 * One note for the images of a room's style the check flagged, however many: "2 of 3 variations:
 * the floor looks different and a window on the left is gone", each image's sentence said once.
 * "n of m variations" is how the gallery counts a style's images (spec 02 §2, Gallery).
 */
export function flaggedNote(sentences: string[], variations: number) {
	const said = [...new Set(sentences)].map((s) => s.charAt(0).toLowerCase() + s.slice(1))
	return `${sentences.length} of ${variations} variations: ${andList(said)}`
}

/** "Added: a sofa and two lamps. Removed: a bed"; null when the check saw nothing come or go (or did not look). */
export function contentsSentence(contents: Contents | null): string | null {
	if (!contents) return null
	const parts = [
		['Added', listItems(contents.added)],
		['Removed', listItems(contents.removed)],
	].filter(([, list]) => list)
	return parts.length ? parts.map(([what, list]) => `${what}: ${list}`).join('. ') : null
}

/**
 * "added a sofa, a rug, two lamps; removed a bed": the originals page's form, in lower case and
 * with commas only, as its line goes on ("; walls, floor, windows and doors checked unchanged").
 * Null when the check saw nothing come or go (or did not look).
 */
export function contentsPhrase(contents: Contents | null): string | null {
	if (!contents) return null
	const parts = [
		['added', contents.added],
		['removed', contents.removed],
	] as const
	const said = parts
		.filter(([, items]) => items.length)
		.map(([what, items]) => `${what} ${items.map(itemWords).join(', ')}`)
	return said.length ? said.join('; ') : null
}

export function side(x: number) {
	return x < 0.36 ? 'on the left' : x > 0.64 ? 'on the right' : 'in the centre'
}

/**
 * The sentence for a changed area, named by where it is as a person would: the top band is the
 * ceiling, the bottom band the floor, anything between is said by `wall`.
 */
export function surfaceNote(r: ChangedRegion, ceiling: string, wall: string) {
	const cy = r.y + r.height / 2
	if (cy < 0.22) return ceiling
	if (cy > 0.72) return 'The floor looks different'
	return wall
}

/** A side the staged image leaves out of its frame is noted from this share of the photo's width or height. */
export const CROP_NOTED = 0.02

/**
 * What an answer that passed leaves out of the photo, said once: a generative model may zoom in or
 * shift the frame, and nothing outside it is compared (a window there is not "gone"). Null when the
 * frame keeps all but slivers of the photo.
 */
export function cropNote(crop: Crop) {
	const sides = (['top', 'bottom', 'left', 'right'] as const).filter((side) => crop[side] >= CROP_NOTED)
	const percent = (share: number) => `${Math.round(share * 100)} %`
	if (!sides.length) return null
	if (sides.length === 4) {
		const [least, most] = [Math.min(...sides.map((s) => crop[s])), Math.max(...sides.map((s) => crop[s]))]
		const range = percent(least) === percent(most) ? percent(most) : `${Math.round(least * 100)}–${percent(most)}`
		return `The staged image is zoomed in: it leaves out ${range} of the photo at every edge`
	}
	const listed = sides.map((side) => `the ${side} ${percent(crop[side])}`)
	const list = listed.length > 1 ? `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}` : listed[0]
	return `The staged image is cropped: it leaves out ${list} of the photo`
}

/**
 * What the room check found, said as a person would: what was added to the room and taken away
 * ("Added: a sofa, a rug and two lamps"). Every door (compare dialog, originals page, listing pack,
 * API, CLI, bot) says it with these words.
 */
import type { Contents, Items } from './regions.ts'

const NUMBERS = ['', 'a', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

/** "a sofa", "two lamps". */
function itemWords({ name, plural, count }: Items) {
	if (count > 1) return `${NUMBERS[count] ?? count} ${plural}`
	return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`
}

/** "a sofa, a rug, two lamps and a painting"; null when nothing. */
export function listItems(items: Items[]): string | null {
	if (!items.length) return null
	const words = items.map(itemWords)
	return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0]
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

import { expect, test } from 'vitest'
import { contentsPhrase, contentsSentence, flaggedNote, listItems } from './sentences.ts'

const sofa = { name: 'sofa', plural: 'sofas', count: 1 }
const rug = { name: 'rug', plural: 'rugs', count: 1 }
const lamps = { name: 'lamp', plural: 'lamps', count: 2 }
const armchair = { name: 'armchair', plural: 'armchairs', count: 1 }
const bed = { name: 'bed', plural: 'beds', count: 1 }

test('the things are listed as a person would: a or an, a number in words, "and" before the last', () => {
	expect(listItems([sofa, rug, lamps])).toBe('a sofa, a rug and two lamps')
	expect(listItems([armchair])).toBe('an armchair')
	expect(listItems([{ ...lamps, count: 12 }])).toBe('12 lamps')
	expect(listItems([])).toBeNull()
})

test('the sentence says what was added, then what was removed; null when nothing came or went', () => {
	expect(contentsSentence({ added: [sofa, lamps], removed: [bed] })).toBe('Added: a sofa and two lamps. Removed: a bed')
	expect(contentsSentence({ added: [], removed: [bed] })).toBe('Removed: a bed')
	expect(contentsSentence({ added: [], removed: [] })).toBeNull()
	expect(contentsSentence(null)).toBeNull()
})

test("the originals page's phrase: lower case, commas only, additions and removals apart", () => {
	expect(contentsPhrase({ added: [sofa, rug, lamps], removed: [] })).toBe('added a sofa, a rug, two lamps')
	expect(contentsPhrase({ added: [armchair], removed: [bed] })).toBe('added an armchair; removed a bed')
	expect(contentsPhrase({ added: [], removed: [] })).toBeNull()
	expect(contentsPhrase(null)).toBeNull()
})

test("a style's flagged images make one note: how many of its variations, each sentence once", () => {
	expect(flaggedNote(['The floor looks different', 'The floor looks different'], 3)).toBe(
		'2 of 3 variations: the floor looks different',
	)
	expect(
		flaggedNote(['A window on the left is gone', 'The floor looks different', 'The whole room looks redrawn'], 4),
	).toBe('3 of 4 variations: a window on the left is gone, the floor looks different and the whole room looks redrawn')
	expect(flaggedNote(['The wall on the right looks repainted'], 3)).toBe(
		'1 of 3 variations: the wall on the right looks repainted',
	)
})

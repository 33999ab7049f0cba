import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import type { VariationView } from '#core/studio/views.ts'
import { SEEN, SEEN_SENTENCE } from '#tests/room-check-contents.ts'
import { ComparisonNotes } from './compare-dialog.tsx'

type Check = NonNullable<VariationView['roomCheck']>
const passed: Check = {
	verdict: 'ok',
	note: null,
	regions: [],
	answer: null,
	open: false,
	contents: null,
	contentsSentence: null,
}

/** The notes under the compare view's title, as text, one paragraph a line. */
function notes(check: Check | null) {
	return renderToStaticMarkup(createElement(ComparisonNotes, { check }))
		.split('</p>')
		.map((p) => p.replace(/<[^>]+>/g, ''))
		.filter(Boolean)
}

test('the compare view says what the room check saw added and removed, under what it flagged', () => {
	expect(notes({ ...passed, contents: SEEN, contentsSentence: SEEN_SENTENCE })).toEqual([SEEN_SENTENCE])
	const crop = 'The staged image is cropped: it leaves out the top 6 % of the photo'
	expect(notes({ ...passed, note: crop, contents: SEEN, contentsSentence: SEEN_SENTENCE })).toEqual([
		crop,
		SEEN_SENTENCE,
	])
	const flagged: Check = {
		...passed,
		verdict: 'check',
		note: 'A window on the left is gone',
		regions: [{ x: 0.1, y: 0.15, width: 0.25, height: 0.4, kind: 'opening' }],
		open: true,
		contents: SEEN,
		contentsSentence: SEEN_SENTENCE,
	}
	expect(notes(flagged)).toEqual(['A window on the left is gone (outlined)', SEEN_SENTENCE])
	// Shown in grey, as the crop note is: it asks nothing of the agent.
	expect(renderToStaticMarkup(createElement(ComparisonNotes, { check: flagged }))).toMatch(
		new RegExp(`<p class="[^"]*text-muted-foreground[^"]*">.*${SEEN_SENTENCE}</p>`),
	)
})

test('nothing is said when the check saw nothing come or go, or did not look', () => {
	expect(notes(passed)).toEqual([])
	expect(notes({ ...passed, contents: { added: [], removed: [] } })).toEqual([])
	expect(notes(null)).toEqual([])
})

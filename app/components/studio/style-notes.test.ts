import { describe, expect, test } from 'vitest'
import { PREVIEW_CANNOT_EDIT } from '#core/render/local-preview.ts'
import { createLocalPreviewProvider } from '#core/render/local-preview.ts'
import { cannotEditMessage } from '#core/studio/render-options.ts'
import { ROOM_TYPES, TWILIGHT_INDOORS, WORKFLOW_STYLES } from '#core/studio/studio.schema.ts'
import { choiceWarning, unavailableReason } from './style-notes.ts'

describe('the twilight warning', () => {
	test('is said of twilight on a room that is not an outside, and of nothing else', () => {
		for (const roomType of ['kitchen', 'living', 'bedroom', 'bathroom', 'dining', 'office', 'kids_room'])
			expect(choiceWarning('twilight', roomType)).toBe(TWILIGHT_INDOORS)
		for (const roomType of ['exterior', 'outdoor']) expect(choiceWarning('twilight', roomType)).toBeUndefined()
		for (const style of WORKFLOW_STYLES.filter((s) => s !== 'twilight'))
			for (const roomType of ROOM_TYPES) expect(choiceWarning(style, roomType)).toBeUndefined()
	})
})

describe('why a choice is greyed out', () => {
	const preview = createLocalPreviewProvider()
	const refusals = {
		twilight: cannotEditMessage(preview, 'twilight'),
		enhance: cannotEditMessage(preview, 'enhance'),
	}

	test("with the local preview: the photo edits in core's words, emptying as before, the styles never", () => {
		expect(refusals).toEqual({ twilight: PREVIEW_CANNOT_EDIT, enhance: PREVIEW_CANNOT_EDIT })
		const reasons = Object.fromEntries(
			WORKFLOW_STYLES.map((style) => [
				style,
				unavailableReason(style, { canEmptyRoom: false, photoEditRefusals: refusals }),
			]),
		)
		expect(reasons).toEqual({
			modern: undefined,
			luxury: undefined,
			scandinavian: undefined,
			industrial: undefined,
			midcentury: undefined,
			farmhouse: undefined,
			empty: 'Needs a staging provider: the local preview cannot empty a room',
			twilight: PREVIEW_CANNOT_EDIT,
			enhance: PREVIEW_CANNOT_EDIT,
		})
	})

	test('with a provider that makes them, nothing is greyed out', () => {
		for (const style of WORKFLOW_STYLES)
			expect(unavailableReason(style, { canEmptyRoom: true, photoEditRefusals: {} })).toBeUndefined()
	})

	test('one edit refused, the other offered: only that one is greyed out, with its own reason', () => {
		const reason = cannotEditMessage({ isPreview: false, name: 'virtual-staging-ai' }, 'twilight')
		expect(reason).toBe('Twilight is not offered with Virtual Staging AI yet: choose a style')
		const options = { canEmptyRoom: true, photoEditRefusals: { twilight: reason } }
		expect(unavailableReason('twilight', options)).toBe(reason)
		expect(unavailableReason('enhance', options)).toBeUndefined()
	})
})

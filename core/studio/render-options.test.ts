import { expect, test } from 'vitest'
import { UnauthenticatedError } from '#core/errors.ts'
import { anonymousActor } from '#core/accounts/actor.ts'
import { createLocalPreviewProvider, PREVIEW_CANNOT_EDIT, PREVIEW_CANNOT_EMPTY } from '#core/render/local-preview.ts'
import { createOpenAiProvider } from '#core/render/providers/openai.ts'
import { createVirtualStagingAiProvider } from '#core/render/providers/virtual-staging-ai.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { cannotEditMessage } from './render-options.ts'
import { renderOptions, renderOptionsOf, twilightIndoors, unavailableReason } from './render-options.ts'

test('the local preview makes neither emptying nor the photo edits, each with its one line', () => {
	const options = renderOptionsOf(createLocalPreviewProvider())
	expect(options).toEqual({
		canEmptyRoom: false,
		photoEdits: [],
		unavailable: { empty: PREVIEW_CANNOT_EMPTY, twilight: PREVIEW_CANNOT_EDIT, enhance: PREVIEW_CANNOT_EDIT },
	})
	expect(unavailableReason(options, ['modern', 'enhance', 'empty'])).toBe(PREVIEW_CANNOT_EMPTY)
	expect(unavailableReason(options, ['modern', 'twilight'])).toBe(PREVIEW_CANNOT_EDIT)
	expect(unavailableReason(options, ['modern'])).toBeNull()
})

test('OpenAI makes both edits; Virtual Staging AI empties rooms but says why it makes no edit', () => {
	expect(renderOptionsOf(createOpenAiProvider({ apiKey: 'sk-test' }))).toEqual({
		canEmptyRoom: true,
		photoEdits: ['twilight', 'enhance'],
		unavailable: {},
	})
	const vsai = createVirtualStagingAiProvider({ apiKey: 'k' })
	const options = renderOptionsOf(vsai)
	expect(options).toEqual({
		canEmptyRoom: true,
		photoEdits: [],
		unavailable: { twilight: cannotEditMessage(vsai, 'twilight'), enhance: cannotEditMessage(vsai, 'enhance') },
	})
	expect(unavailableReason(options, ['empty', 'enhance', 'twilight'])).toBe(
		'Enhance is not offered with Virtual Staging AI yet: choose a style',
	)
})

test("the configured provider's options, for a signed-in user only", async () => {
	const user = await insertUser()
	expect(renderOptions(actorFor(user)).unavailable.twilight).toBe(PREVIEW_CANNOT_EDIT)
	expect(() => renderOptions(anonymousActor)).toThrow(UnauthenticatedError)
})

test('twilight of a room that is not an outside is warned of', () => {
	expect(twilightIndoors(['twilight'], 'kitchen')).toBe(true)
	expect(twilightIndoors(['twilight', 'modern'], 'exterior')).toBe(false)
	expect(twilightIndoors(['twilight'], 'outdoor')).toBe(false)
	expect(twilightIndoors(['enhance'], 'kitchen')).toBe(false)
})

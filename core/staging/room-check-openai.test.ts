import { expect, test, vi } from 'vitest'

await vi.hoisted(() => import('#tests/mocks/openai-images.ts').then((m) => m.useOpenAiImagesSettings()))

import { createOpenAiImagesModel } from '#tests/mocks/openai-images.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { expectCraftedVerdicts, stageCraftedAnswers } from '#tests/room-check-answers.ts'

const api = createOpenAiImagesModel()
serveVendorModel(api)

test("OpenAI's answers are aligned and checked: staged and zoomed pass, a painted-out window and a repainted wall are flagged, one edit per style", async () => {
	const variations = await stageCraftedAnswers((answer) => {
		api.state.answer = answer
	})
	expectCraftedVerdicts(variations)
	expect(api.calls).toHaveLength(2)
})

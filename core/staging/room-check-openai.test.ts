import { expect, test, vi } from 'vitest'

vi.hoisted(() => {
	process.env.RENDER_PROVIDER = 'openai'
	process.env.OPENAI_API_KEY = 'sk-test-openai'
	process.env.OPENAI_BASE_URL = 'https://openai.test/v1'
	process.env.RENDER_RETRY_BASE_MS = '1'
})

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

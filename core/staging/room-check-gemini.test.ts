import { expect, test, vi } from 'vitest'

vi.hoisted(() => {
	process.env.RENDER_PROVIDER = 'gemini'
	process.env.GEMINI_API_KEY = 'gemini-test-key'
	process.env.GEMINI_BASE_URL = 'https://gemini.test'
	process.env.RENDER_RETRY_BASE_MS = '1'
})

import { createGeminiApi } from '#tests/mocks/gemini-api.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { expectCraftedVerdicts, stageCraftedAnswers } from '#tests/room-check-answers.ts'

const api = createGeminiApi()
serveVendorModel(api)

test("Gemini's answers are aligned and checked: staged and zoomed pass, a painted-out window and a repainted wall are flagged, one call per variation", async () => {
	const variations = await stageCraftedAnswers((answer) => api.answerWith(answer))
	expectCraftedVerdicts(variations)
	expect(api.generateCalls()).toHaveLength(6)
})

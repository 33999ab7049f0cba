import { expect, test, vi } from 'vitest'

await vi.hoisted(() => import('#tests/mocks/gemini-api.ts').then((m) => m.useGeminiApiSettings()))

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

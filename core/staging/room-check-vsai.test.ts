import { expect, test, vi } from 'vitest'

await vi.hoisted(() =>
	import('#tests/mocks/virtual-staging-ai-model.ts').then((m) => m.useVirtualStagingAiModelSettings()),
)

import { createVirtualStagingAiModel } from '#tests/mocks/virtual-staging-ai-model.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { expectCraftedVerdicts, stageCraftedAnswers } from '#tests/room-check-answers.ts'

const vsai = createVirtualStagingAiModel()
serveVendorModel(vsai)

test("Virtual Staging AI's answers are aligned and checked: staged and zoomed pass, a painted-out window and a repainted wall are flagged, one render per style", async () => {
	const variations = await stageCraftedAnswers((answer) => {
		vsai.state.answer = answer
	})
	expectCraftedVerdicts(variations)
	expect(vsai.requests.filter((r) => r.method === 'POST' && r.path === '/renders')).toHaveLength(2)
})

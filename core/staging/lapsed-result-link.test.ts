import { expect, test, vi } from 'vitest'

await vi.hoisted(() =>
	import('#tests/mocks/virtual-staging-ai-model.ts').then((m) => m.useVirtualStagingAiModelSettings()),
)

import { processRoom } from '#core/studio/process-room.ts'
import { createVirtualStagingAiModel } from '#tests/mocks/virtual-staging-ai-model.ts'
import { drainJobs, settleJobs } from '#tests/jobs.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'

// Issue 38: the vendor's result links lapsed between the look that found the render done and their
// fetch. The pipeline against the model of Virtual Staging AI's v2 API.
const vsai = createVirtualStagingAiModel()
serveVendorModel(vsai)

test('result links that lapsed before they were fetched: the render is read again once, its images delivered, nothing created again', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['modern'] })
	await drainJobs()
	const [submitted] = await stagingRowsOf(room.id)
	expect(submitted.state).toBe('submitted')

	// The look that finds it done hands out three links that have lapsed already.
	vsai.state.lapsedResultLinks = 3
	await settleJobs()

	const variations = await variationsOf(room.id)
	expect(variations.map((v) => v.status)).toEqual(['completed', 'completed', 'completed'])
	expect(variations.every((v) => v.imageUrl)).toBe(true)
	const [delivered] = await stagingRowsOf(room.id)
	expect(delivered).toMatchObject({ state: 'delivered', receivedCount: 3 })
	expect(vsai.state.creates).toBe(1)
	expect(vsai.state.variationPosts).toBe(0)
	// The look, then one reading again for all three links.
	const reads = vsai.requests.filter(
		(r) => r.method === 'GET' && r.path.startsWith(`/renders/${submitted.providerRenderId}`),
	)
	expect(reads).toHaveLength(2)
	expect(vsai.state.lapsedResultLinks).toBe(0)
})

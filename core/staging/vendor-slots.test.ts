import { expect, test, vi } from 'vitest'

// Ten vendor slots, looks at the vendor a minute apart: nothing comes back during the test.
await vi.hoisted(() =>
	import('#tests/mocks/virtual-staging-ai-model.ts').then((m) =>
		m.useVirtualStagingAiModelSettings({ RENDER_CONCURRENCY: '10' }),
	),
)

import { processRoom } from '#core/studio/process-room.ts'
import { drainJobs } from '#tests/jobs.ts'
import { createVirtualStagingAiModel } from '#tests/mocks/virtual-staging-ai-model.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, stagingRowsOf } from '#tests/staging.ts'

const vsai = createVirtualStagingAiModel()
serveVendorModel(vsai)

test("a bulk import leaves a tenth of the vendor's slots to agents: an agent's render goes at once", async () => {
	const imported = await Promise.all(Array.from({ length: 10 }, () => roomWithPhoto()))
	for (const { actor, room } of imported) await processRoom(actor, room.id, { styles: ['modern'], bulk: true })
	await drainJobs()
	const states = (await Promise.all(imported.map(({ room }) => stagingRowsOf(room.id)))).map(([row]) => row.state)
	expect(states.filter((state) => state === 'submitted')).toHaveLength(9)
	expect(states.filter((state) => state === 'queued')).toHaveLength(1)

	const agent = await roomWithPhoto()
	await processRoom(agent.actor, agent.room.id, { styles: ['luxury'] })
	await drainJobs()
	const [row] = await stagingRowsOf(agent.room.id)
	expect([row.state, row.priority]).toEqual(['submitted', 0])
	expect(vsai.state.creates).toBe(10)
})

import { expect, test, vi } from 'vitest'

// Looks at the usual pace of one a second, as the fleet bench runs them: the vendor's ETA decides.
await vi.hoisted(() =>
	import('#tests/mocks/virtual-staging-ai-model.ts').then((m) =>
		m.useVirtualStagingAiModelSettings({ RENDER_POLL_INTERVAL_MS: '1000' }),
	),
)

import { pool } from '#core/platform/db.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { drainJobs, runJobNow } from '#tests/jobs.ts'
import { createVirtualStagingAiModel } from '#tests/mocks/virtual-staging-ai-model.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, stagingRowsOf } from '#tests/staging.ts'

// Each variation done 20 s after it was asked for; the model gives each its `eta`, the Render none.
const vsai = createVirtualStagingAiModel({ latencyMs: 20_000 })
serveVendorModel(vsai)

/** Seconds from now to the request's next look. */
async function nextLookIn(stagingId: string) {
	const { rows } = await pool.query<{ run_at: Date }>('select run_at from graphile_worker.jobs where key = $1', [
		`stage:${stagingId}`,
	])
	return (rows[0].run_at.getTime() - Date.now()) / 1000
}

test("a submitted render is looked at a second before the vendor's ETA, not at every poll interval", async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['modern'] })
	await drainJobs()
	const [row] = await stagingRowsOf(room.id)
	expect(row.state).toBe('submitted')
	// The create's answer says 20 s: the first look comes at about 19 s.
	expect(await nextLookIn(row.id)).toBeGreaterThan(17)
	expect(await nextLookIn(row.id)).toBeLessThanOrEqual(19)

	// Looked at now (brought forward), the render is still at the vendor: the next look is again
	// a second before what the vendor now says.
	await runJobNow(`stage:${row.id}`)
	await drainJobs()
	expect((await stagingRowsOf(room.id))[0].state).toBe('submitted')
	expect(await nextLookIn(row.id)).toBeGreaterThan(16)
	expect(
		vsai.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`/renders/${row.providerRenderId}?`)),
	).toHaveLength(1)
})

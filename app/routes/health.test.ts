import { expect, test } from 'vitest'
import { setWorkerState } from '#core/platform/worker-status.ts'
import { loader } from './health.ts'

test('health answers 200 when the database and the queue respond, and 503 naming a crashed worker', async () => {
	const ok = await loader()
	expect(ok.status).toBe(200)
	expect(await ok.json()).toEqual({ status: 'ok', database: 'ok', jobs: 'ok' })

	setWorkerState('crashed')
	const down = await loader()
	expect(down.status).toBe(503)
	expect(await down.json()).toEqual({ status: 'unavailable', database: 'ok', jobs: 'unavailable', failing: ['jobs'] })
	setWorkerState('off')
})

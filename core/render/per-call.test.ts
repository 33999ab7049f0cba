import { getEventListeners } from 'node:events'
import { expect, test } from 'vitest'
import { CallSlots, callEach, type PerCallRetries } from './per-call.ts'

const retries = (slots: CallSlots): PerCallRetries => ({
	vendor: 'Vendor',
	slots,
	retries: 0,
	busyRetries: 0,
	retryBaseMs: 10,
	maxBusyWaitMs: 10,
})

test("a dozen calls queued on one slot go one at a time, in order, with no leak warning and nothing left on the caller's signal", async () => {
	const warnings: string[] = []
	const warned = (warning: Error) => warnings.push(warning.name)
	process.on('warning', warned)
	try {
		const caller = new AbortController()
		let inFlight = 0
		let most = 0
		const sent: number[] = []
		const answers = await callEach(
			12,
			async (offset) => {
				sent.push(offset)
				most = Math.max(most, ++inFlight)
				await new Promise((resolve) => setTimeout(resolve, 2))
				inFlight--
				return offset * 10
			},
			retries(new CallSlots(1)),
			caller.signal,
		)
		expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => i * 10))
		expect(most).toBe(1)
		expect(sent).toEqual([...answers.keys()])
		// A warning is emitted on the next tick.
		await new Promise((resolve) => setImmediate(resolve))
		expect(warnings).not.toContain('MaxListenersExceededWarning')
		expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0)
	} finally {
		process.off('warning', warned)
	}
})

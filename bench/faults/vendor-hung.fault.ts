/**
 * Fault: Virtual Staging AI never answering for 60 s (a hung connection: each request is done, a
 * create makes its paid render, but no answer comes), then well, with 20 rooms' renders at it or
 * queued (bench/faults/vendor-down.ts). Each call should time out (RENDER_TIMEOUT_MS, 30 s), a create
 * whose answer never came be found at the vendor rather than made again, and the circuit hold the
 * calls meanwhile.
 */
import type { Fault } from './fault-row.ts'
import { vendorDown } from './vendor-down.ts'

const OUTAGE_S = Number(process.env.VENDOR_OUTAGE_S ?? 60)

export const fault: Fault = {
	name: 'vendor-hung',
	run: () =>
		vendorDown({
			mode: 'hang',
			outageS: OUTAGE_S,
			properties: 2,
			fault: `Virtual Staging AI never answering for ${OUTAGE_S} s, then well`,
		}),
}

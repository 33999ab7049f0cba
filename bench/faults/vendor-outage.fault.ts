/**
 * Fault: Virtual Staging AI answering 503 to everything (API and result links) for 60 s, then well,
 * with 20 rooms' renders at it or queued (bench/faults/vendor-down.ts). Each worker's circuit
 * breaker should hold its calls to one probe every 5 s, and every render go on once it answers.
 */
import type { Fault } from './fault-row.ts'
import { vendorDown } from './vendor-down.ts'

const OUTAGE_S = Number(process.env.VENDOR_OUTAGE_S ?? 60)

export const fault: Fault = {
	name: 'vendor-outage',
	run: () =>
		vendorDown({
			mode: 503,
			outageS: OUTAGE_S,
			properties: 2,
			fault: `Virtual Staging AI answering 503 for ${OUTAGE_S} s, then well`,
		}),
}

/**
 * One row of `npm run bench -- faults` (bench/faults.bench.ts): a fault done to something Rendo
 * depends on, with real parts, and what Rendo did about it. Each bench/faults/<fault>.ts exports a
 * `fault` that runs it and answers its row.
 */
export interface FaultRow {
	/** What was done, as an operator would say it ("PostgreSQL restarted, down 10 s"). */
	fault: string
	/** How long the fault lasted, in seconds. */
	durationS: number
	/** Work asked for and never done (renders, uploads acknowledged, mails). Target 0. */
	lost: number
	/** Vendor renders paid for more than once. Target 0. */
	paidTwice: number
	/** Calls reaching the vendor while it was faulty, and per second per process; null when the fault is not the vendor's. */
	vendorCallsDuring: { calls: number; perSecondPerProcess: number } | null
	/** Seconds from the fault clearing to the first render (or mail) delivered after it; target ≤ 10. */
	recoveryS: number | null
	/** The highest resident memory of a Rendo process during the run, in MB. */
	peakRssMb: number
	/** Anything the row's figures need said (sizes, what the user saw). */
	notes?: string
}

export interface Fault {
	name: string
	run(): Promise<FaultRow>
}

/** Whether a row meets the targets. */
export function meetsTargets(row: FaultRow) {
	return (
		row.lost === 0 &&
		row.paidTwice === 0 &&
		(row.recoveryS === null || row.recoveryS <= 10) &&
		(row.vendorCallsDuring === null || row.vendorCallsDuring.perSecondPerProcess <= 1)
	)
}

/**
 * What the vendor-down faults' rows (vendor-outage: answering 503; vendor-hung: never answering)
 * share: a fleet (tests/fleet.ts: PostgreSQL as a server, s3rver, Virtual Staging AI's model, one
 * web, two workers on the production build) importing `properties` × 10 rooms through `rendo
 * import`; once some renders are at the vendor and the rest queued, the vendor goes down for
 * `outageS`, then comes back. Counted: the vendor's requests while it was down (every process's,
 * each call and retry, result downloads included), renders created at the vendor beyond one a
 * request, images never delivered, and the time from the vendor's return to the first render
 * delivered after it. The workers' rendo_vendor_circuit_open is read halfway through.
 */
import { type Fleet, metricValue, startFleet } from '#tests/fleet.ts'
import type { Outage } from '#tests/mocks/virtual-staging-ai-model.ts'
import { ensureBuild } from '../../scripts/ensure-build.ts'
import type { FaultRow } from './fault-row.ts'
import {
	importCsv,
	PHOTOS_PER_PROPERTY,
	paidTwice,
	allSettled,
	renderCounts,
	sleep,
	startImport,
	VARIATIONS,
} from './fleet-import.ts'

const LATENCY_MS = 3000
const WORKERS = 2

export async function vendorDown({
	mode,
	outageS,
	properties,
	fault,
}: {
	mode: Exclude<Outage, null>
	outageS: number
	properties: number
	fault: string
}): Promise<FaultRow> {
	await ensureBuild()
	const { csv, remove } = await importCsv(properties)
	const fleet = await startFleet({ webs: 1, workers: WORKERS, vendorLatencyMs: LATENCY_MS })
	try {
		const rooms = properties * PHOTOS_PER_PROPERTY
		const { done } = await startImport(fleet, csv)
		// Down with renders at the vendor (made, being looked at) and more queued behind them.
		while ((await fleet.vendor.state()).creates < Math.min(5, rooms)) await sleep(100)
		await fleet.vendor.outage(mode)
		const before = await renderCounts(fleet)
		await sleep((outageS * 1000) / 2)
		const circuitsOpen = await openCircuits(fleet)
		await sleep((outageS * 1000) / 2)
		const { callsDuringOutage } = await fleet.vendor.state()
		await fleet.vendor.outage(null)
		const cleared = new Date()
		await done
		let counts = await renderCounts(fleet)
		while (!allSettled(counts, rooms)) {
			await sleep(500)
			counts = await renderCounts(fleet)
		}
		// Delivered: the vendor's answer received (stored), then fitted and handed over on the CPU slots.
		const { rows } = await fleet.sql.query<{ s: number | null; received: number | null }>(
			`select extract(epoch from min(finished_at) filter (where finished_at >= $1) - $1::timestamptz)::float8 as s,
				extract(epoch from min(received_at) filter (where received_at >= $1) - $1::timestamptz)::float8 as received
			from staging_renders where state = 'delivered'`,
			[cleared],
		)
		return {
			fault,
			durationS: outageS,
			lost: rooms * VARIATIONS - counts.images,
			paidTwice: await paidTwice(fleet),
			vendorCallsDuring: { calls: callsDuringOutage, perSecondPerProcess: callsDuringOutage / outageS / WORKERS },
			recoveryS: rows[0].s,
			peakRssMb: Math.max(...fleet.processes.map((p) => p.peakRssMb)),
			notes:
				`${rooms} rooms imported (${rooms * VARIATIONS} images), vendor ${LATENCY_MS / 1000} s a render, ${WORKERS} workers; ` +
				`down with ${before.states.submitting ?? 0} being submitted, ${before.states.submitted ?? 0} at the vendor, ` +
				`${before.states.queued ?? 0} queued; rendo_vendor_circuit_open halfway: ${circuitsOpen}/${WORKERS} workers; ` +
				`after: the first answer stored ${rows[0].received?.toFixed(1)} s after it cleared, ` +
				`${counts.states.delivered ?? 0} delivered, ${counts.states.failed ?? 0} failed`,
		}
	} finally {
		await fleet.stop()
		remove()
	}
}

/** How many workers report their circuit for the vendor open. */
async function openCircuits(fleet: Fleet) {
	let open = 0
	for (const worker of fleet.workers())
		open += metricValue(await fleet.scrape(worker), 'rendo_vendor_circuit_open', { provider: 'virtual-staging-ai' })
	return open
}

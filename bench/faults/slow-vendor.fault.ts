/**
 * Fault: the vendor ten times slower with 3,000 images queued. The queue may grow; memory must not:
 * each Rendo process's RSS within 10 % of its busy level at normal speed.
 *
 * Two runs of the same fleet (tests/fleet.ts: PostgreSQL as a server, s3rver, Virtual Staging AI's
 * model, one web and two workers on the production build), each given the same bulk import through
 * `rendo import`: 100 properties × 10 photos (1600×1200), one style, three variations = 1,000
 * renders, 3,000 images, queued at once. First at the normal latency (SLOW_VENDOR_LATENCY_MS, 10 s
 * a render, as bench/fleet.bench.ts), busy fitting what comes back; then with the vendor 10× slower.
 * The normal run is sampled for SLOW_VENDOR_SAMPLE_S (240 s), the slow one for SLOW_VENDOR_SLOW_SAMPLE_S
 * (420 s: its first 100 s deliver nothing): every process's peak RSS in each 15 s window, and the
 * queue every 2 s. A process's busy level is the median of its window peaks while images were
 * being delivered, after the first minute (start-up and the import's upload); the highest is
 * reported beside it. The slow run is not waited out (an hour at that pace).
 */
import { stopChild } from '#tests/child-process.ts'
import { type Fleet, startFleet } from '#tests/fleet.ts'
import { ensureBuild } from '../../scripts/ensure-build.ts'
import type { Fault } from './fault-row.ts'
import { importCsv, paidTwice, renderCounts, sleep, startImport, VARIATIONS } from './fleet-import.ts'

const LATENCY_MS = Number(process.env.SLOW_VENDOR_LATENCY_MS ?? 10_000)
const SLOWER = 10
const SAMPLE_MS = Number(process.env.SLOW_VENDOR_SAMPLE_S ?? 240) * 1000
/** The slow run's first minutes deliver nothing (the first renders take 100 s): it is sampled longer. */
const SLOW_SAMPLE_MS = Number(process.env.SLOW_VENDOR_SLOW_SAMPLE_S ?? 420) * 1000
const PROPERTIES = 100
const WINDOW_MS = 15_000
const WARM_UP_MS = 60_000
/** The vendor's slots RENDER_CONCURRENCY gives by default (core/platform/config.ts). */
const SLOTS = 50

interface Run {
	/** Each process's busy level: the median of its 15 s window peaks while images were delivered, after the warm-up, in MB. */
	level: Record<string, number>
	/** The highest of those window peaks. */
	busyPeak: Record<string, number>
	/** Each worker's highest RSS in each minute, in MB. */
	perMinute: Record<string, number[]>
	peakRssMb: number
	maxInFlight: number
	queuedAtEnd: number
	imagesDelivered: number
	failed: number
	paidTwice: number
}

/** Samples one fleet's processes and queue while the import runs at the given vendor latency. */
async function sampleRun(latencyMs: number, sampleMs: number, csv: string): Promise<Run> {
	const fleet = await startFleet({ webs: 1, workers: 2, vendorLatencyMs: latencyMs })
	try {
		const { done } = await startImport(fleet, csv)
		const started = performance.now()
		const windows: Array<{ at: number; peaks: Record<string, number>; images: number }> = []
		let maxInFlight = 0
		const watching = watchQueue(fleet, (inFlight) => {
			maxInFlight = Math.max(maxInFlight, inFlight)
		})
		while (performance.now() - started < sampleMs) {
			// The fleet keeps each process's peak, read every 250 ms: zeroed, it is this window's.
			for (const p of fleet.processes) p.peakRssMb = 0
			await sleep(WINDOW_MS)
			windows.push({
				at: performance.now() - started,
				peaks: Object.fromEntries(fleet.processes.map((p) => [p.name, p.peakRssMb])),
				images: (await renderCounts(fleet)).images,
			})
		}
		watching.stop()
		await Promise.race([done, sleep(0)])
		// Stopped (SIGTERM: they finish what they hold) before the renders are counted: none is then half sent.
		await Promise.all(fleet.workers().map((w) => stopChild(w.child)))
		// Busy: past start-up and the import's upload, and delivering (the slow run's first 100 s deliver nothing).
		const busy = windows.filter((w, i) => w.at > WARM_UP_MS && w.images > (windows[i - 1]?.images ?? 0))
		const counts = await renderCounts(fleet)
		return {
			level: perProcess(busy, median),
			busyPeak: perProcess(busy, (values) => Math.max(...values)),
			perMinute: byMinute(windows),
			peakRssMb: Math.max(...windows.flatMap((w) => Object.values(w.peaks))),
			maxInFlight,
			queuedAtEnd: counts.states.queued ?? 0,
			imagesDelivered: counts.images,
			failed: counts.states.failed ?? 0,
			paidTwice: await paidTwice(fleet),
		}
	} finally {
		await fleet.stop()
	}
}

/** One figure per process from its window peaks. */
function perProcess(windows: Array<{ peaks: Record<string, number> }>, figure: (values: number[]) => number) {
	const values: Record<string, number[]> = {}
	for (const { peaks } of windows) for (const [name, mb] of Object.entries(peaks)) (values[name] ??= []).push(mb)
	return Object.fromEntries(Object.entries(values).map(([name, mbs]) => [name, figure(mbs)]))
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** Each worker's highest window peak in each minute of the run. */
function byMinute(windows: Array<{ at: number; peaks: Record<string, number> }>) {
	const minutes: Record<string, number[]> = {}
	for (const { at, peaks } of windows)
		for (const [name, mb] of Object.entries(peaks)) {
			if (!name.startsWith('worker-')) continue
			const minute = Math.ceil(at / 60_000) - 1
			minutes[name] ??= []
			minutes[name][minute] = Math.max(minutes[name][minute] ?? 0, mb)
		}
	return minutes
}

/** The renders at the vendor (being sent or sent), read every 2 s. */
function watchQueue(fleet: Fleet, seen: (inFlight: number) => void) {
	const timer = setInterval(async () => {
		const { rows } = await fleet.sql
			.query<{ n: number }>("select count(*)::int as n from staging_renders where state in ('submitting', 'submitted')")
			.catch(() => ({ rows: [{ n: 0 }] }))
		seen(rows[0].n)
	}, 2000)
	return { stop: () => clearInterval(timer) }
}

const mb = (levels: Record<string, number>) =>
	Object.entries(levels)
		.map(([name, level]) => `${name} ${level.toFixed(0)}`)
		.join(', ')

export const fault: Fault = {
	name: 'slow-vendor',
	async run() {
		await ensureBuild()
		const { csv, remove } = await importCsv(PROPERTIES)
		try {
			const normal = await sampleRun(LATENCY_MS, SAMPLE_MS, csv)
			const slow = await sampleRun(LATENCY_MS * SLOWER, SLOW_SAMPLE_MS, csv)
			const over = Object.entries(slow.level).filter(([name, level]) => level > (normal.level[name] ?? 0) * 1.1)
			const images = PROPERTIES * 10 * VARIATIONS
			return {
				fault: `Vendor 10× slower (${LATENCY_MS / 1000} s → ${(LATENCY_MS * SLOWER) / 1000} s a render), ${images} images queued`,
				durationS: SLOW_SAMPLE_MS / 1000,
				lost: slow.failed,
				paidTwice: normal.paidTwice + slow.paidTwice,
				vendorCallsDuring: null,
				recoveryS: null,
				peakRssMb: slow.peakRssMb,
				notes:
					`RSS busy level (MB, median of the 15 s window peaks while delivering, after the first minute) at normal speed: ` +
					`${mb(normal.level)} (highest ${mb(normal.busyPeak)}); 10× slower: ${mb(slow.level)} (highest ${mb(slow.busyPeak)}; ` +
					`workers minute by minute: ${Object.entries(slow.perMinute)
						.map(([name, series]) => `${name} ${series.map((v) => v.toFixed(0)).join(' ')}`)
						.join('; ')}); ` +
					`${over.length ? `NOT within 10 %: ${over.map(([name]) => name).join(', ')}` : 'every process within 10 %'}. ` +
					`Queue: normal after ${SAMPLE_MS / 1000} s ${normal.queuedAtEnd} renders queued, ${normal.imagesDelivered} images delivered; ` +
					`slow after ${SLOW_SAMPLE_MS / 1000} s ${slow.queuedAtEnd} queued, ${slow.imagesDelivered} delivered (stopped there, not waited out). ` +
					`Renders at the vendor at most ${normal.maxInFlight} / ${slow.maxInFlight} (RENDER_CONCURRENCY ${SLOTS}); failed ${normal.failed} / ${slow.failed}.`,
			}
		} finally {
			remove()
		}
	},
}

/**
 * Fault: the vendor's result links lapsed before Rendo fetched them. A fleet (tests/fleet.ts:
 * PostgreSQL as a server, s3rver, Virtual Staging AI's model, one web, one worker on the production
 * build) whose worker reaches the vendor through a CDN in front of it that answers the first fetch
 * of every result 403 "Request has expired", as a signed link fetched after it lapsed; fetched again
 * (from the fresh link a new read of the render hands out) it serves the image. 30 rooms imported
 * through `rendo import` (90 images). Rendo should read each render again, deliver every image, and
 * create nothing twice.
 */
import { serveOnLoopback } from '#tests/mocks/loopback.ts'
import { startFleet } from '#tests/fleet.ts'
import { ensureBuild } from '../../scripts/ensure-build.ts'
import type { Fault } from './fault-row.ts'
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

const PROPERTIES = Number(process.env.RESULT_LINK_PROPERTIES ?? 3)
const LATENCY_MS = 3000

/**
 * The vendor's API passed through as it is (its answers' links pointed here), and its result links
 * each answering 403 at their first fetch. Counts the 403s, the reads of each render, and how long
 * each image took from its lapsed link's 403 to the fetch of a fresh one.
 */
async function lapsingCdn(vendorOrigin: string) {
	const lapsedAt = new Map<string, number>()
	const refetchMs: number[] = []
	const reads = new Map<string, number>()
	let origin = ''
	const server = await serveOnLoopback(async (request) => {
		const url = new URL(request.url)
		const target = `${vendorOrigin}${url.pathname}${url.search}`
		if (url.pathname.includes('/results/')) {
			const variation = url.pathname.slice(url.pathname.lastIndexOf('/') + 1)
			const lapsed = lapsedAt.get(variation)
			if (lapsed === undefined) {
				lapsedAt.set(variation, performance.now())
				return new Response('AccessDenied: Request has expired', { status: 403 })
			}
			// Rendo's part ends when it asks for the fresh link; the model makes the image at its first fetch.
			refetchMs.push(performance.now() - lapsed)
			return fetch(target)
		}
		const render = url.pathname.match(/\/renders\/([^/]+)$/)?.[1]
		if (render && request.method === 'GET') reads.set(render, (reads.get(render) ?? 0) + 1)
		const answer = await fetch(target, {
			method: request.method,
			headers: request.headers,
			body: request.method === 'POST' ? await request.arrayBuffer() : undefined,
		})
		const headers = new Headers()
		for (const name of ['content-type', 'retry-after']) {
			const value = answer.headers.get(name)
			if (value) headers.set(name, value)
		}
		return new Response((await answer.text()).replaceAll(vendorOrigin, origin), { status: answer.status, headers })
	})
	origin = server.origin
	return { origin, lapsed: () => lapsedAt.size, refetchMs, reads, close: server.close }
}

export const fault: Fault = {
	name: 'result-url-expired',
	async run() {
		await ensureBuild()
		const { csv, remove } = await importCsv(PROPERTIES)
		const fleet = await startFleet({ webs: 1, workers: 1, vendorLatencyMs: LATENCY_MS })
		const cdn = await lapsingCdn(new URL(fleet.vendor.baseUrl).origin)
		try {
			// Only the worker calls the vendor (the web runs no jobs): replaced before any work, it goes through the CDN.
			fleet.env.RENDER_API_URL = `${cdn.origin}/v2`
			await fleet.replace(fleet.workers()[0])
			const rooms = PROPERTIES * PHOTOS_PER_PROPERTY
			const started = performance.now()
			const { done } = await startImport(fleet, csv)
			await done
			let counts = await renderCounts(fleet)
			while (!allSettled(counts, rooms)) {
				await sleep(500)
				counts = await renderCounts(fleet)
			}
			const durationS = (performance.now() - started) / 1000
			const reads = [...cdn.reads.values()].sort((a, b) => a - b)
			return {
				fault: `Result links lapsed before they were fetched: each of ${rooms * VARIATIONS} images' first fetch 403`,
				durationS,
				lost: rooms * VARIATIONS - counts.images,
				paidTwice: await paidTwice(fleet),
				vendorCallsDuring: null,
				recoveryS: Math.max(...cdn.refetchMs) / 1000,
				peakRssMb: Math.max(...fleet.processes.map((p) => p.peakRssMb)),
				notes:
					`${rooms} rooms imported, vendor ${LATENCY_MS / 1000} s a render: ${counts.states.delivered ?? 0} delivered, ` +
					`${counts.states.failed ?? 0} failed; ${cdn.lapsed()} lapsed links answered 403, ${cdn.refetchMs.length} images ` +
					`asked for again from a fresh link; reads of a render (looks and reads again) ${reads[0]}–${reads.at(-1)} ` +
					`(median ${reads[Math.floor(reads.length / 2)]}); recovery is the longest from a 403 to the fetch of the fresh link`,
			}
		} finally {
			await fleet.stop()
			await cdn.close()
			remove()
		}
	},
}

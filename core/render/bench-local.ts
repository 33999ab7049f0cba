/**
 * Throughput of the local preview renderer on camera-sized photos:
 * 3 synthetic 12-MP photos × 2 styles × 3 variations, two at a time (the worker's concurrency on a
 * 2-core machine). Run with `node --import tsx core/render/bench-local.ts`.
 */
import os from 'node:os'
import sharp from 'sharp'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { createLocalPreviewRenderer } from './local-preview.ts'
import type { RenderInput, Style } from './renderer.ts'

const CONCURRENCY = 2
const STYLES: Style[] = ['scandinavian', 'luxury']
const VARIATIONS = 3

const photos = await Promise.all([1, 2, 3].map((seed) => makeRoomPhoto({ width: 4000, height: 3000, seed })))
const jobs: RenderInput[] = photos.flatMap((image) =>
	STYLES.flatMap((style) =>
		Array.from({ length: VARIATIONS }, (_, variationIndex) => ({
			image,
			style,
			variationIndex,
			roomType: 'living',
			hasFurniture: false,
		})),
	),
)

const renderer = createLocalPreviewRenderer()
const latencies: number[] = []
const started = performance.now()
let next = 0
await Promise.all(
	Array.from({ length: CONCURRENCY }, async () => {
		while (next < jobs.length) {
			const job = jobs[next++]
			const t = performance.now()
			await renderer.render(job)
			latencies.push(performance.now() - t)
		}
	}),
)
const totalMs = performance.now() - started

const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length
console.log(
	[
		`cpus ${os.availableParallelism()}, sharp threads per image ${sharp.concurrency()}, concurrency ${CONCURRENCY}`,
		`${jobs.length} variations of 4000×3000 photos in ${totalMs.toFixed(0)} ms`,
		`${((jobs.length * 1000) / totalMs).toFixed(2)} variations/s, ${(totalMs / jobs.length).toFixed(
			0,
		)} ms wall per variation`,
		`latency per variation: mean ${mean.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
	].join('\n'),
)

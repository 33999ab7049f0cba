/**
 * The room check's figures on this machine (core/staging/room-check):
 *  1. Every case of the labelled corpus (bench/room-check-corpus.ts: real photos, legitimate
 *     staging and permanent-feature edits): ok / check / unaligned per edit kind, the share of
 *     permanent edits flagged (target ≥ 95 %) and of legitimate staging flagged (target ≤ 5 %).
 *  2. Alignment error against the corpus's known transform (mean over the photo of the distance
 *     between where the estimated and the true transform put a point, full-size px): median
 *     (target ≤ 1 px) and p95 over the legitimate cases, and the median inlier residual.
 *  3. CPU per check at 12 MP (a corpus photo and its edit upscaled to 4000×3000), process CPU
 *     (libvips' threads included): align + check alone, and with the full-size warp and JPEG
 *     encode; the target (≤ 150 ms) is for align + check. And the longest stall of the calling
 *     thread's event loop while checks run on the worker threads.
 *
 *   npm run bench -- room-check        (ROOM_CHECK_PROFILE=1 adds CPU per stage)
 */
import fs from 'node:fs'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { sharp } from '#core/platform/sharp.ts'
import { analyse, clearPhotoCache, stageProfile } from '#core/staging/room-check/check.ts'
import { type CaseResult, formatTable, quantile, runCase, score } from '#core/staging/room-check/evaluate.ts'
import { checkStagedImage } from '#core/staging/room-check/index.ts'
import { FIXTURES, makeCorpus } from './room-check-corpus.ts'

const RUNS = 7

console.log('1-2. the corpus')
const started = performance.now()
const cases = await makeCorpus()
const photos = new Map<string, Buffer>()
const results: CaseResult[] = []
for (const c of cases) {
	if (!photos.has(c.photo)) photos.set(c.photo, fs.readFileSync(path.join(FIXTURES, c.photo)))
	results.push(await runCase(c, photos.get(c.photo)!))
}
console.log(formatTable(results))
const s = score(results)
const misses = results.filter((r) => r.legitimate === (r.verdict !== 'ok'))
console.log(
	`wrong: ${misses.map((r) => `${r.photo}/${r.kind}=${r.verdict}${r.note ? ` (${r.note})` : ''}`).join('; ') || 'none'}`,
)
console.log(`${cases.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s`)

console.log('\n3. CPU per check at 12 MP')
const source = cases.find((c) => c.photo === 'living-02.jpg' && c.kind === 'shift+furniture')!
const big = (image: Buffer) => sharp(image).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer()
const photo = await big(photos.get(source.photo)!)
const staged = await big(source.image)
const cpu = async (work: () => Promise<unknown>) => {
	const times: number[] = []
	for (let i = 0; i < RUNS; i++) {
		const before = process.cpuUsage()
		await work()
		const used = process.cpuUsage(before)
		times.push((used.user + used.system) / 1000)
	}
	return quantile(times, 0.5)
}
await analyse(photo, staged, { output: false }) // OpenCV's start-up, once per thread
// A room's first variation decodes and describes the photo; the next ones find it cached.
const firstCheck = await cpu(async () => {
	clearPhotoCache()
	await analyse(photo, staged, { output: false })
})
stageProfile()?.clear()
const checkOnly = await cpu(() => analyse(photo, staged, { output: false }))
const stages = [...(stageProfile() ?? [])].map(([stage, ms]) => `${stage} ${(ms / RUNS).toFixed(0)}`).join(', ')
const withImage = await cpu(() => analyse(photo, staged))
const encodeOnly = await cpu(async () =>
	sharp(await sharp(photo).raw().toBuffer(), { raw: { width: 4000, height: 3000, channels: 3 } })
		.jpeg({ quality: 82, mozjpeg: false })
		.toBuffer(),
)
const verdict = await analyse(photo, staged, { output: false })
console.log(
	`align + check: ${firstCheck.toFixed(0)} ms CPU for a room's first variation, ${checkOnly.toFixed(0)} ms for the next ones (photo cached) (target ≤ 150)${stages ? `; per stage (next ones): ${stages}` : ''}; with the full-size warp and JPEG: ${withImage.toFixed(0)} ms (a bare 12 MP decode + JPEG encode: ${encodeOnly.toFixed(0)} ms); verdict ${'check' in verdict ? verdict.check.verdict : verdict.failed}`,
)

// Off the event loop: four checks through the worker threads while this thread's loop is watched.
const delay = monitorEventLoopDelay({ resolution: 5 })
await checkStagedImage(photo, staged) // start the threads
delay.enable()
const wall = performance.now()
await Promise.all(Array.from({ length: 4 }, () => checkStagedImage(photo, staged)))
delay.disable()
console.log(
	`4 checks on the worker threads: ${(performance.now() - wall).toFixed(0)} ms wall; the calling thread's event loop stalled at most ${(delay.max / 1e6).toFixed(0)} ms`,
)
console.log(
	`\nsummary: flagged ${(100 * s.caught).toFixed(1)}% of permanent edits (target ≥ 95), ${(100 * s.falseAlarms).toFixed(1)}% of legitimate staging (target ≤ 5); alignment median ${s.alignmentMedianPx.toFixed(2)} px (≤ 1), p95 ${s.alignmentP95Px.toFixed(2)} px; ${firstCheck.toFixed(0)} / ${checkOnly.toFixed(0)} ms CPU at 12 MP, first / next variation (≤ 150)`,
)
process.exit(0)

/**
 * The room check's figures on this machine (core/staging/room-check):
 *  1. Every case of the labelled corpus (bench/room-check-corpus.ts: real photos, legitimate
 *     staging and permanent-feature edits), each image segmented as in production: ok / check /
 *     unaligned per edit kind, the share of permanent edits flagged (target ≥ 95 %) and of
 *     legitimate staging flagged (target ≤ 3 %).
 *  2. Alignment error against the corpus's known transform (mean over the photo of the distance
 *     between where the estimated and the true transform put a point, full-size px): median
 *     (target ≤ 1 px) and p95 over the legitimate cases, and the median inlier residual.
 *  2b. The real generative pairs (bench/room-check-real-corpus.ts: before/after made by staging,
 *     emptying and restyling models, labelled by eye; tuning, the old held-out set, and the new
 *     held-out set added with the segmentation model): with the synthetic corpus side by side, the
 *     share of permanent changes and of legitimate stagings flagged, per kind, and the median
 *     inlier residual (real pairs have no known transform); each TUNING pair's verdict, note,
 *     regions and fitted zoom (held-out pairs as totals only, so they are not tuned on); and the
 *     Added / Removed lists against what a person saw (contents-by-eye.json).
 *  3. CPU per check at 12 MP (a corpus photo and its edit upscaled to 4000×3000), process CPU
 *     (libvips' threads included): align + check alone, and with the full-size warp and JPEG
 *     encode; segmenting one image; how many answers production segments (index.ts: only those
 *     whose label map could change the verdict) and how many verdicts that changes against
 *     segmenting every answer, on the real and synthetic corpora; the whole check of a variation
 *     as production runs it (first of a room: the photo segmented too; next: its label map kept),
 *     median and p95 over the real pairs upscaled to 12 MP, with and without the warp and JPEG
 *     that delivery pays anyway, and the naming afterwards of what an answer passed without
 *     segmentation added (core/studio/name-contents.ts); peak resident memory with and without
 *     the segmentation thread. And the longest stall of the calling thread's event loop while
 *     checks run on the worker threads.
 *
 *   npm run bench -- room-check        (ROOM_CHECK_PROFILE=1 adds CPU per stage)
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { sharp } from '#core/platform/sharp.ts'
import { analyse, clearPhotoCache, stageProfile } from '#core/staging/room-check/check.ts'
import {
	type CaseResult,
	formatTable,
	type LazyTally,
	lazyTally,
	quantile,
	runCase,
	score,
	tallyLazily,
} from '#core/staging/room-check/evaluate.ts'
import { checkStagedImage, contentsOf } from '#core/staging/room-check/index.ts'
import { segment } from '#core/staging/room-check/segment.ts'
import { MODEL_FOLDER } from '#core/staging/room-check/segmenter.ts'
import { FIXTURES, makeCorpus } from './room-check-corpus.ts'
import {
	checkRealPair,
	REAL_FIXTURES,
	type RealResult,
	readFixtureLabels,
	readRealPairs,
	scoreContents,
} from './room-check-real-corpus.ts'

const RUNS = 7

/** Per corpus: aligned answers, those production segments on delivery, and verdicts that differ for it from segmenting every answer. */
const lazily = { real: lazyTally(), synthetic: lazyTally() }

console.log('1-2. the corpus')
const started = performance.now()
const cases = await makeCorpus()
const photos = new Map<string, Buffer>()
const results: CaseResult[] = []
const labelsOf = async (image: Buffer) => (await segment(image, MODEL_FOLDER))!
const photoLabels = new Map<string, Awaited<ReturnType<typeof labelsOf>>>()
for (const c of cases) {
	if (!photos.has(c.photo)) {
		photos.set(c.photo, fs.readFileSync(path.join(FIXTURES, c.photo)))
		photoLabels.set(c.photo, await labelsOf(photos.get(c.photo)!))
	}
	const labels = { photo: photoLabels.get(c.photo)!, staged: await labelsOf(c.image) }
	const result = await runCase(c, photos.get(c.photo)!, labels)
	results.push(result)
	await tallyLazily(lazily.synthetic, photos.get(c.photo)!, c.image, labels.photo, result.verdict)
}
console.log(formatTable(results))
const s = score(results)
const misses = results.filter((r) => r.legitimate === (r.verdict !== 'ok'))
console.log(
	`wrong: ${misses.map((r) => `${r.photo}/${r.kind}=${r.verdict}${r.note ? ` (${r.note})` : ''}`).join('; ') || 'none'}`,
)
console.log(`${cases.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s`)

console.log('\n2b. real generative pairs')
const real: RealResult[] = []
for (const pair of readRealPairs()) {
	const result = await checkRealPair(pair)
	real.push(result)
	const read = (file: string) => fs.readFileSync(path.join(REAL_FIXTURES, file))
	await tallyLazily(
		lazily.real,
		read(pair.before),
		read(pair.after),
		await readFixtureLabels(pair.before),
		result.verdict,
	)
}
const columns: [string, CaseResult[]][] = [
	['real tuning', real.filter((r) => !r.pair.heldOut)],
	['held-out (old)', real.filter((r) => r.pair.heldOut && !r.pair.set)],
	['held-out (new)', real.filter((r) => r.pair.set === 'new')],
	['synthetic', results],
]
const share = (rows: CaseResult[], hit = (r: CaseResult) => r.verdict !== 'ok') => {
	if (!rows.length) return '—'
	const hits = rows.filter(hit).length
	return `${hits}/${rows.length} ${((100 * hits) / rows.length).toFixed(1)}%`
}
const realKinds = (legitimate: boolean) => [
	...new Set(real.filter((r) => r.legitimate === legitimate).map((r) => r.kind)),
]
const row = (
	name: string,
	pick: (r: CaseResult) => boolean,
	{ synthetic = true, hit }: { synthetic?: boolean; hit?: (r: CaseResult) => boolean } = {},
) =>
	`${name.padEnd(34)}${columns.map(([title, rows]) => (title === 'synthetic' && !synthetic ? '—' : share(rows.filter(pick), hit)).padEnd(16)).join('')}`
const residual = (rows: CaseResult[], legitimate: boolean) =>
	quantile(
		rows.filter((r) => r.legitimate === legitimate && r.residualPx !== null).map((r) => r.residualPx!),
		0.5,
	)
console.log(
	[
		`${''.padEnd(34)}${columns.map(([title]) => title.padEnd(16)).join('')}`,
		row('permanent changes flagged', (r) => !r.legitimate),
		...realKinds(false).map((kind) => row(`  ${kind}`, (r) => !r.legitimate && r.kind === kind, { synthetic: false })),
		row('legitimate stagings flagged', (r) => r.legitimate),
		...realKinds(true).map((kind) => row(`  ${kind}`, (r) => r.legitimate && r.kind === kind, { synthetic: false })),
		row('legitimate stagings unaligned', (r) => r.legitimate, { hit: (r) => r.verdict === 'unaligned' }),
		row('permanent changes unaligned', (r) => !r.legitimate, { hit: (r) => r.verdict === 'unaligned' }),
		`${'inlier residual, median px'.padEnd(34)}${columns.map(([, rows]) => `${residual(rows, true).toFixed(2)} / ${residual(rows, false).toFixed(2)}`.padEnd(16)).join('')}  (legitimate / permanent, aligned ones; real photos are 261–1024 px wide, synthetic ≤ 1600)`,
	].join('\n'),
)
for (const r of real.filter((r) => !r.pair.heldOut))
	console.log(
		`  ${r.pair.id}${r.pair.heldOut ? '*' : ' '} ${r.pair.label.padEnd(10)} ${r.kind.padEnd(9)} ${r.verdict.padEnd(9)} zoom ${r.scale?.toFixed(3) ?? '—'} residual ${r.residualPx?.toFixed(2) ?? '—'}${r.note ? ` "${r.note}"` : ''}${r.regions.map((g) => ` [${g.kind} x${g.x.toFixed(2)} y${g.y.toFixed(2)} ${g.width.toFixed(2)}×${g.height.toFixed(2)}]`).join('')}`,
	)
console.log('  (tuning pairs only; held-out pairs are counted above, never listed)')
const named = scoreContents(real)
console.log(
	`Added / Removed against what a person saw in ${named.pairs} real stagings: ${named.there} of ${named.named} things named are there (target ≥ 90 %); the largest thing added named in ${named.largestNamed} of the ${named.withAdded} that added something nameable (target 18 of 20); named but not there: ${named.wrong.join(', ') || 'none'}`,
)

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
const segmentOne = await cpu(() => labelsOf(staged))
console.log(
	`segmenting one 12 MP image: ${segmentOne.toFixed(0)} ms CPU (decode, 513×513 inference, argmax); align + check: ${firstCheck.toFixed(0)} ms CPU for a room's first variation, ${checkOnly.toFixed(0)} ms for the next ones (photo cached) (target ≤ 150)${stages ? `; per stage (next ones): ${stages}` : ''}; with the full-size warp and JPEG: ${withImage.toFixed(0)} ms (a bare 12 MP decode + JPEG encode: ${encodeOnly.toFixed(0)} ms); verdict ${'check' in verdict ? verdict.check.verdict : verdict.failed}`,
)

const segmentedShare = ({ aligned, segmented, differ }: LazyTally) =>
	`${segmented} of ${aligned} aligned answers segmented, ${differ} verdicts differ`
console.log(
	`the answer segmented only when its label map could change the verdict (index.ts answerLabelsMatter), against segmenting every answer: real pairs ${segmentedShare(lazily.real)}; synthetic ${segmentedShare(lazily.synthetic)}`,
)

// The whole check of a variation as production runs it (index.ts checkStagedImage: the pixel
// stages beside the photo's segmentation, made once per room, and the answer segmented only when
// its label map could change the verdict), on real pairs upscaled to 12 MP: a room's first
// variation and, the photo's labels and features kept, each next one. Process CPU, threads
// included. Then, for an answer it passed without segmenting it, the naming of what it added
// (core/studio/name-contents.ts: the photo's labels kept, as in the process that delivered it).
const realAt12 = readRealPairs().filter((_pair, i) => i % 4 === 0)
const firstVariation: number[] = []
const nextVariation: number[] = []
const naming: number[] = []
let segmentedAt12 = 0
const cpuOnce = async <T>(times: number[], work: () => Promise<T>) => {
	const used = process.cpuUsage()
	const result = await work()
	const { user, system } = process.cpuUsage(used)
	times.push((user + system) / 1000)
	return result
}
for (const pair of realAt12) {
	const read = (file: string) => big(fs.readFileSync(path.join(REAL_FIXTURES, file)))
	const [before, after] = await Promise.all([read(pair.before), read(pair.after)])
	await cpuOnce(firstVariation, () => checkStagedImage(before, after))
	const checked = await cpuOnce(nextVariation, () => checkStagedImage(before, after))
	if ('failed' in checked || checked.check.verdict === 'unaligned') continue
	if (checked.check.contents) segmentedAt12++
	else if (checked.check.verdict === 'ok') await cpuOnce(naming, () => contentsOf(before, after))
}
// The full-size warp and JPEG of the image delivered, which fitting paid before the check too.
const warpAndJpeg = withImage - checkOnly
const perVariation = (times: number[], less = 0) =>
	`median ${(quantile(times, 0.5) - less).toFixed(0)} ms, p95 ${(quantile(times, 0.95) - less).toFixed(0)} ms`
console.log(
	`whole check of a variation at 12 MP (${realAt12.length} real pairs; ${segmentedAt12} answers segmented on delivery, ${naming.length} passed and named afterwards): a room's first ${perVariation(firstVariation)}, the next ones ${perVariation(nextVariation)}; less the warp and JPEG delivery pays anyway (${warpAndJpeg.toFixed(0)} ms): first ${perVariation(firstVariation, warpAndJpeg)}, next ${perVariation(nextVariation, warpAndJpeg)} (targets: median ≤ 300 ms, p95 ≤ 2.5 s); naming afterwards, a job: ${naming.length ? perVariation(naming) : 'none'}`,
)
/** The peak in a process of its own: run as `npm run worker` runs Node (package.json), or with Node's defaults. */
const peak = (mode: string, asWorker: boolean) =>
	execFileSync(
		process.execPath,
		[
			...(asWorker ? ['--max-semi-space-size=4'] : []),
			'--import',
			'tsx',
			path.join(import.meta.dirname, 'room-check-memory.ts'),
			mode,
		],
		{ encoding: 'utf8', env: { ...process.env, ...(asWorker && { MALLOC_ARENA_MAX: '2' }) } },
	).trim()
const runs = [
	[
		'run as `npm run worker` runs Node (MALLOC_ARENA_MAX=2, --max-semi-space-size=4; target: at most 300 MB more)',
		true,
	],
	["with Node's and glibc's defaults", false],
] as const
for (const [how, asWorker] of runs) {
	const [pixelsOnly, segmented] = [Number(peak('pixels', asWorker)), Number(peak('segmented', asWorker))]
	console.log(
		`peak resident memory of a process checking eight 12 MP answers, ${how}: ${segmented} MB with the segmentation, ${pixelsOnly} MB with the pixel stages alone, ${segmented - pixelsOnly} MB more`,
	)
}

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
	`\nsummary: flagged ${(100 * s.caught).toFixed(1)}% of permanent edits (target ≥ 95), ${(100 * s.falseAlarms).toFixed(1)}% of legitimate staging (target ≤ 3); alignment median ${s.alignmentMedianPx.toFixed(2)} px (≤ 1), p95 ${s.alignmentP95Px.toFixed(2)} px; ${firstCheck.toFixed(0)} / ${checkOnly.toFixed(0)} ms CPU at 12 MP, first / next variation (≤ 150); held-out pairs old / new: ${share(columns[1][1].filter((r) => !r.legitimate))} / ${share(columns[2][1].filter((r) => !r.legitimate))} of permanent changes, ${share(columns[1][1].filter((r) => r.legitimate))} / ${share(columns[2][1].filter((r) => r.legitimate))} of legitimate ones flagged`,
)
process.exit(0)

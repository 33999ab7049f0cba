import type { CorpusCase, Transform } from '../../../bench/room-check-corpus.ts'
import { sharp } from '#core/platform/sharp.ts'
import type { Affine } from './align.ts'
import { type AnalyseOptions, analyse } from './check.ts'
import { answerLabelsMatter } from './index.ts'
import type { Labels } from './segment.ts'
import type { RoomCheckVerdict } from './types.ts'

/**
 * Runs the room check over corpus cases (bench/room-check-corpus.ts) in this thread and scores
 * it: shared by bench/room-check.bench.ts and room-check.test.ts.
 */
export interface CaseResult {
	photo: string
	kind: string
	legitimate: boolean
	verdict: RoomCheckVerdict | 'failed'
	note: string | null
	/** Mean distance over the photo between where the estimated and the true transform put a point, full-size px. */
	alignmentErrorPx: number | null
	residualPx: number | null
}

/**
 * Where the corpus put a photo point in the edited image: its transform (room-check-corpus.ts)
 * as rendered, i.e. with the rotated canvas's size and the whole-pixel resize and crop it made, so
 * that rounding there (up to ±0.5 px) is not counted against the alignment.
 */
export async function truth(t: Transform, width: number, height: number) {
	let [rw, rh] = [width, height]
	if (t.rotateDeg) {
		const { info } = await sharp({ create: { width, height, channels: 3, background: '#000000' } })
			.rotate(t.rotateDeg)
			.raw()
			.toBuffer({ resolveWithObject: true })
		;[rw, rh] = [info.width, info.height]
	}
	const moved = t.rotateDeg || t.zoom !== 1 || t.shiftX || t.shiftY
	const [zw, zh] = [Math.round(rw * t.zoom), Math.round(rh * t.zoom)]
	const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)))
	const left = clamp(zw / 2 - width / 2 - t.shiftX * width, zw - width)
	const top = clamp(zh / 2 - height / 2 - t.shiftY * height, zh - height)
	const r = (t.rotateDeg * Math.PI) / 180
	return (x: number, y: number): [number, number] => {
		if (!moved) return [x, y]
		const [dx, dy] = [x - width / 2, y - height / 2]
		const xr = Math.cos(r) * dx - Math.sin(r) * dy + rw / 2
		const yr = Math.sin(r) * dx + Math.cos(r) * dy + rh / 2
		return [(xr + 0.5) * (zw / rw) - 0.5 - left, (yr + 0.5) * (zh / rh) - 0.5 - top]
	}
}

export async function alignmentError(m: Affine, t: Transform, width: number, height: number) {
	const real = await truth(t, width, height)
	let sum = 0
	let count = 0
	// Points across the central 90 % of the photo, where both images have pixels.
	for (let i = 0; i <= 10; i++)
		for (let j = 0; j <= 10; j++) {
			const x = width * (0.05 + 0.09 * i)
			const y = height * (0.05 + 0.09 * j)
			const [u, v] = real(x, y)
			sum += Math.hypot(m[0] * x + m[1] * y + m[2] - u, m[3] * x + m[4] * y + m[5] - v)
			count++
		}
	return sum / count
}

/** A corpus case through the check; `labels`: with the segmentation's label maps of the photo and the case's image. */
export async function runCase(c: CorpusCase, photo: Buffer, labels?: AnalyseOptions['labels']): Promise<CaseResult> {
	const result = await analyse(photo, c.image, { output: false, labels })
	const base = { photo: c.photo, kind: c.kind, legitimate: c.legitimate }
	if ('failed' in result)
		return { ...base, verdict: 'failed', note: result.failed, alignmentErrorPx: null, residualPx: null }
	const { width, height } = await sharp(photo).metadata()
	return {
		...base,
		verdict: result.check.verdict,
		note: result.check.note,
		residualPx: result.check.residualPx,
		alignmentErrorPx: result.transform ? await alignmentError(result.transform, c.transform, width!, height!) : null,
	}
}

export const quantile = (values: number[], q: number) => {
	const sorted = values.toSorted((a, b) => a - b)
	return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN
}

export function score(results: CaseResult[]) {
	const table = new Map<string, { legitimate: boolean; ok: number; check: number; unaligned: number; failed: number }>()
	for (const r of results) {
		const row = table.get(r.kind) ?? { legitimate: r.legitimate, ok: 0, check: 0, unaligned: 0, failed: 0 }
		row[r.verdict]++
		table.set(r.kind, row)
	}
	const permanent = results.filter((r) => !r.legitimate)
	const legitimate = results.filter((r) => r.legitimate)
	const flagged = (r: CaseResult) => r.verdict !== 'ok'
	const errors = results.filter((r) => r.legitimate && r.alignmentErrorPx !== null).map((r) => r.alignmentErrorPx!)
	return {
		table,
		/** Share of permanent-feature edits not passed as ok. */
		caught: permanent.filter(flagged).length / permanent.length,
		/** Share of legitimate staging not passed as ok. */
		falseAlarms: legitimate.filter(flagged).length / legitimate.length,
		alignmentMedianPx: quantile(errors, 0.5),
		alignmentP95Px: quantile(errors, 0.95),
		residualMedianPx: quantile(
			results.filter((r) => r.residualPx !== null && r.legitimate).map((r) => r.residualPx!),
			0.5,
		),
	}
}

export function formatTable(results: CaseResult[]) {
	const s = score(results)
	const lines = ['kind                 legit   ok  check  unaligned  failed']
	for (const [kind, row] of s.table)
		lines.push(
			`${kind.padEnd(20)} ${String(row.legitimate).padEnd(6)} ${String(row.ok).padStart(4)} ${String(row.check).padStart(6)} ${String(row.unaligned).padStart(10)} ${String(row.failed).padStart(7)}`,
		)
	lines.push(
		`permanent edits flagged: ${(100 * s.caught).toFixed(1)}%   legitimate staging flagged: ${(100 * s.falseAlarms).toFixed(1)}%`,
		`alignment error vs the known transform (legitimate cases): median ${s.alignmentMedianPx.toFixed(2)} px, p95 ${s.alignmentP95Px.toFixed(2)} px; median inlier residual ${s.residualMedianPx.toFixed(2)} px`,
	)
	return lines.join('\n')
}

/** Over a corpus: aligned answers, those production segments on delivery, and verdicts that differ for it from segmenting every answer. */
export interface LazyTally {
	aligned: number
	segmented: number
	differ: number
}

export const lazyTally = (): LazyTally => ({ aligned: 0, segmented: 0, differ: 0 })

/**
 * Counts an answer into `tally`: whether production (index.ts checkStagedImage) segments it, and if
 * it does not, whether the verdict it reaches differs from `labelled`, the verdict with both label
 * maps: segmenting only some answers must not change what the check says. Answers not aligned with
 * both maps are not counted.
 */
export async function tallyLazily(
	tally: LazyTally,
	photo: Buffer,
	staged: Buffer,
	photoLabels: Labels,
	labelled: CaseResult['verdict'],
) {
	if (labelled === 'failed' || labelled === 'unaligned') return
	tally.aligned++
	const pixels = await analyse(photo, staged, { output: false })
	if ('failed' in pixels || !pixels.pixelChanges) return
	if (answerLabelsMatter(pixels.check, photoLabels, pixels.pixelChanges)) tally.segmented++
	else if (pixels.check.verdict !== labelled) tally.differ++
}

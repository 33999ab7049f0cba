/**
 * The real generative before/after pairs in tests/fixtures/real-staging (pairs.json: labelled by
 * eye, split once into tuning and held-out; SOURCES.md: where each comes from). Unlike the
 * synthetic corpus (room-check-corpus.ts) nothing here was pasted: a model redrew every frame, so
 * there is no known transform, only the check's own inlier residual.
 */
import fs from 'node:fs'
import path from 'node:path'
import { sharp } from '#core/platform/sharp.ts'
import { analyse } from '#core/staging/room-check/check.ts'
import type { CaseResult } from '#core/staging/room-check/evaluate.ts'
import type { Labels } from '#core/staging/room-check/segment.ts'
import type { ChangedRegion, RoomCheck } from '#core/staging/room-check/types.ts'

export const REAL_FIXTURES = path.join(import.meta.dirname, '../tests/fixtures/real-staging')
/**
 * The segmentation model's label map of each image, as a greyscale PNG whose values are class
 * indices (scripts/segment-real-pairs.ts makes them; litert.test.ts checks they are still what the
 * model says): the rules are measured and tested on them without 0.6 s of inference per image.
 */
export const REAL_LABELS = path.join(REAL_FIXTURES, 'labels')

export const labelsFile = (image: string) => path.join(REAL_LABELS, image.replace(/\.jpg$/, '.png'))

export async function readFixtureLabels(image: string): Promise<Labels> {
	const { data, info } = await sharp(labelsFile(image)).extractChannel(0).raw().toBuffer({ resolveWithObject: true })
	return { size: info.width, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }
}

export function writeFixtureLabels(image: string, labels: Labels) {
	fs.mkdirSync(REAL_LABELS, { recursive: true })
	const raw = { width: labels.size, height: labels.size, channels: 1 } as const
	return sharp(Buffer.from(labels.data), { raw }).png({ compressionLevel: 9 }).toFile(labelsFile(image))
}

export interface RealPair {
	id: string
	before: string
	after: string
	label: 'legitimate' | 'permanent'
	/** staging / emptying (legitimate), restyled / view (permanent). */
	kind: string
	changes: string
	reframed: boolean
	source: string
	heldOut: boolean
	/** 'new': the fresh held-out set added after the segmentation model came (never looked at while choosing rules). */
	set?: 'new'
}

export function readRealPairs(): RealPair[] {
	return JSON.parse(fs.readFileSync(path.join(REAL_FIXTURES, 'pairs.json'), 'utf8'))
}

/** A pair through the room check, scored like a synthetic case (evaluate.ts) plus what it reported. */
export interface RealResult extends CaseResult {
	pair: RealPair
	regions: ChangedRegion[]
	/** The fitted zoom (photo → answer, length of the first column of the affine); null when unaligned. */
	scale: number | null
	contents: RoomCheck['contents']
}

export async function checkRealPair(pair: RealPair): Promise<RealResult> {
	const read = (file: string) => fs.readFileSync(path.join(REAL_FIXTURES, file))
	const labels = { photo: await readFixtureLabels(pair.before), staged: await readFixtureLabels(pair.after) }
	const result = await analyse(read(pair.before), read(pair.after), { output: false, labels })
	const base = {
		pair,
		photo: pair.id,
		kind: pair.kind,
		legitimate: pair.label === 'legitimate',
		alignmentErrorPx: null,
	}
	if ('failed' in result)
		return {
			...base,
			verdict: 'failed',
			note: result.failed,
			residualPx: null,
			regions: [],
			scale: null,
			contents: null,
		}
	const m = result.transform
	return {
		...base,
		verdict: result.check.verdict,
		note: result.check.note,
		residualPx: result.check.residualPx,
		regions: result.check.regions,
		scale: m ? Math.hypot(m[0], m[3]) : null,
		contents: result.check.contents,
	}
}

/** What a person saw each real staging add and remove (contents-by-eye.json), largest first, in words the check may use. */
interface SeenByEye {
	added: { thing: string; names: string[] }[]
	removed: { thing: string; names: string[] }[]
}

export function readContentsByEye(): Record<string, SeenByEye> {
	return JSON.parse(fs.readFileSync(path.join(REAL_FIXTURES, 'contents-by-eye.json'), 'utf8')).pairs
}

/**
 * The check's Added / Removed lists against what a person saw: of the things it named, how many are
 * there (a named kind counts once, and is there when a thing seen by eye accepts its word), and in
 * how many pairs that added something it named the largest thing added; `wrong` lists what it named
 * that is not there, in tuning pairs only.
 */
export function scoreContents(results: RealResult[]) {
	const byEye = readContentsByEye()
	let named = 0
	let there = 0
	let largestNamed = 0
	let pairs = 0
	const wrong: string[] = []
	for (const r of results) {
		const seen = byEye[r.pair.id]
		if (!seen) continue
		pairs++
		for (const side of ['added', 'removed'] as const)
			for (const item of r.contents?.[side] ?? []) {
				named++
				if (seen[side].some((thing) => thing.names.includes(item.name))) there++
				// Held-out pairs are counted, never listed, so that they are not tuned on.
				else if (!r.pair.heldOut) wrong.push(`${r.pair.id} ${side} ${item.name}`)
			}
		// The largest thing added that has a word in the check's vocabulary (a dog or shoes have none).
		const largest = seen.added.find((thing) => thing.names.length)
		if (largest && r.contents?.added.some((item) => largest.names.includes(item.name))) largestNamed++
	}
	const withAdded = results.filter((r) => byEye[r.pair.id]?.added.some((thing) => thing.names.length)).length
	return { pairs, named, there, largestNamed, withAdded, wrong }
}

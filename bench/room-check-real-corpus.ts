/**
 * The real generative before/after pairs in tests/fixtures/real-staging (pairs.json: labelled by
 * eye, split once into tuning and held-out; SOURCES.md: where each comes from). Unlike the
 * synthetic corpus (room-check-corpus.ts) nothing here was pasted: a model redrew every frame, so
 * there is no known transform, only the check's own inlier residual.
 */
import fs from 'node:fs'
import path from 'node:path'
import { analyse } from '#core/staging/room-check/check.ts'
import type { CaseResult } from '#core/staging/room-check/evaluate.ts'
import type { ChangedRegion } from '#core/staging/room-check/types.ts'

export const REAL_FIXTURES = path.join(import.meta.dirname, '../tests/fixtures/real-staging')

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
}

export async function checkRealPair(pair: RealPair): Promise<RealResult> {
	const read = (file: string) => fs.readFileSync(path.join(REAL_FIXTURES, file))
	const result = await analyse(read(pair.before), read(pair.after), { output: false })
	const base = {
		pair,
		photo: pair.id,
		kind: pair.kind,
		legitimate: pair.label === 'legitimate',
		alignmentErrorPx: null,
	}
	if ('failed' in result)
		return { ...base, verdict: 'failed', note: result.failed, residualPx: null, regions: [], scale: null }
	const m = result.transform
	return {
		...base,
		verdict: result.check.verdict,
		note: result.check.note,
		residualPx: result.check.residualPx,
		regions: result.check.regions,
		scale: m ? Math.hypot(m[0], m[3]) : null,
	}
}

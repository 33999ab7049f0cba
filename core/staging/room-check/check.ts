/**
 * The room check, stage after stage (index.ts has the method and its figures): decode.ts reads
 * both images, align.ts lines the answer up with the photo, compare.ts describes each cell,
 * regions.ts brings in what the segmentation sees, rules.ts decides, sentences.ts says it.
 * Runs on a worker thread (OpenCV's wasm is synchronous), never on the web process's main thread.
 */
import { type Affine, align, alignByLightness, centreCrop, features, photoWork, WORK_SIZE, warp } from './align.ts'
import { COMPARE_SIZE, type Compared, compare } from './compare.ts'
import { type Decoded, Failed, maskPixels, rgb, scaled, singleColour, size } from './decode.ts'
import { loadOpenCv } from './opencv.ts'
import { mark, startProfile } from './profile.ts'
import { alignLabels, type ChangedCells, cellRegions, contents } from './regions.ts'
import { type Cell, type Classified, changedCells, classifyCells, verdict } from './rules.ts'
import type { Labels } from './segment.ts'
import type { RoomCheck } from './types.ts'

export { clearPhotoCache } from './align.ts'
export { stageProfile } from './profile.ts'

export interface Analysis {
	check: RoomCheck
	/** Photo → staged at full size; null when unaligned. */
	transform: Affine | null
	inliers: number
	matches: number
	cells: Cell[]
	grid: { cols: number; rows: number }
	/** The answer's label map moved onto the photo's (regions.ts alignLabels), when both were segmented. */
	aligned: Uint8Array | null
	/**
	 * The cells the pixels alone read as changed, light allowed for (rules.ts Cell.pixels): the
	 * only ones the answer's label map can still make a permanent change of (index.ts
	 * answerLabelsMatter). Null when unaligned.
	 */
	pixelChanges: ChangedCells | null
	/** What the pixel stages found, for a second look with the label maps (judge); null when unaligned. */
	pixels: PixelStages | null
	/** The photo-sized JPEG, when asked for. */
	image?: Buffer
}

/**
 * What decoding, aligning and comparing found of an aligned answer: small (the work-size affine
 * and a few hundred described cells, no pixels). The label maps change only how these cells are
 * read (judge), so a second look with them starts from here instead of doing all of it again
 * (~100 ms of CPU at 12 MP), wherever it runs.
 */
export interface PixelStages {
	/** Photo work → staged work pixels (align.ts). */
	m: Affine
	work: Decoded
	stagedWork: Decoded
	residualPx: number | null
	/** The cells as compare.ts describes them, before the segmentation's say (`seen` null). */
	compared: Compared
}

export type AnalysisResult = Analysis | { failed: string }

export interface AnalyseOptions {
	furnitureMask?: Buffer
	/** The photo's and the answer's label maps (segmenter.ts): what each region is. */
	labels?: { photo: Labels; staged: Labels }
	/** Whether to make the photo-sized JPEG (the bench and tests only read the verdict). */
	output?: boolean
	/** An edit's scope (0/1 over the photo's label map): what it was asked to change is left out when the answer's grading is estimated (scope.ts). */
	asked?: Uint8Array
}

/** Aligns `staged` onto `photo` and checks the room's permanent features; see index.ts for the method. */
export async function analyse(photo: Buffer, staged: Buffer, options: AnalyseOptions = {}): Promise<AnalysisResult> {
	try {
		return await analyseOrThrow(photo, staged, options)
	} catch (error) {
		if (error instanceof Failed) return { failed: error.message }
		throw error
	}
}

async function analyseOrThrow(
	photo: Buffer,
	staged: Buffer,
	{ furnitureMask, labels, output = true, asked }: AnalyseOptions,
): Promise<Analysis> {
	const { cv } = await loadOpenCv()
	startProfile()
	const full = await size(photo, 'photo')
	const stagedFull = await size(staged, "staging provider's image")
	const aspect = stagedFull.width / stagedFull.height / (full.width / full.height)
	if (aspect > 2 || aspect < 0.5)
		throw new Failed(
			`The staging provider's image is ${stagedFull.width}×${stagedFull.height}, far from the photo's shape (${full.width}×${full.height})`,
		)
	const work = scaled(full.width, full.height, WORK_SIZE)
	const stagedWork = scaled(stagedFull.width, stagedFull.height, Math.max(work.width, work.height))
	const [{ pixels: p, features: photoFeatures }, s, mask] = await Promise.all([
		photoWork(cv, photo, work),
		rgb(staged, stagedWork.width, stagedWork.height, "staging provider's image"),
		furnitureMask ? maskPixels(furnitureMask, scaled(work.width, work.height, COMPARE_SIZE)) : null,
	])
	if (singleColour(s)) throw new Failed("The staging provider's image is blank (a single colour)")
	mark('decode (+ photo features)')

	const stagedFeatures = features(cv, s, stagedWork)
	mark('staged features')
	const found =
		align(cv, photoFeatures, stagedFeatures, work, stagedWork) ?? alignByLightness(cv, p, s, work, stagedWork)
	mark('ransac')
	const kx = work.width / full.width
	const ky = work.height / full.height
	if (!found) {
		return {
			check: {
				verdict: 'unaligned',
				regions: [{ x: 0, y: 0, width: 1, height: 1, kind: 'room' }],
				note: 'The staged image does not line up with the photo: the room may have been redrawn',
				residualPx: null,
				contents: null,
			},
			transform: null,
			inliers: 0,
			matches: 0,
			cells: [],
			grid: { cols: 0, rows: 0 },
			aligned: null,
			pixelChanges: null,
			pixels: null,
			image: output ? await centreCrop(staged, full) : undefined,
		}
	}
	// Full size → work size, as libvips resizes (pixel centres line up): w = (x + 0.5)·k − 0.5.
	const sx = stagedWork.width / stagedFull.width
	const sy = stagedWork.height / stagedFull.height
	const [a, b, c, d, e, f] = found.m
	const [px, py] = [0.5 * kx - 0.5, 0.5 * ky - 0.5]
	// staged full = (M·(photo work) + 0.5) / s − 0.5
	const transform: Affine = [
		(a * kx) / sx,
		(b * ky) / sx,
		(a * px + b * py + c + 0.5) / sx - 0.5,
		(d * kx) / sy,
		(e * ky) / sy,
		(d * px + e * py + f + 0.5) / sy - 0.5,
	]
	const residualPx = found.residual === null ? null : found.residual / Math.min(kx, ky)

	const scope = asked && labels ? { asked, photo: labels.photo } : null
	const compared = compare(cv, p, s, work, stagedWork, found.m, mask, scope)
	const pixels = { m: found.m, work, stagedWork, residualPx, compared }
	const { check, classified, aligned } = judge(pixels, labels)
	return {
		check,
		transform,
		inliers: found.inliers,
		matches: found.matches,
		cells: classified.cells,
		grid: classified.grid,
		aligned,
		pixelChanges: pixelChanges(classified),
		pixels,
		image: output ? await warp(staged, stagedFull, full, transform) : undefined,
	}
}

/**
 * The verdict on compared cells: what each cell is, with what the label maps see there when given
 * (the answer's map moved onto the photo's), the regions and note, and what the answer added and
 * took away. Cheap (~10 ms, whatever the images' size): a second look with the label maps
 * (threads.ts RecheckTask) is this alone.
 */
export function judge({ m, work, stagedWork, residualPx, compared }: PixelStages, labels?: AnalyseOptions['labels']) {
	const maps = labels
		? { photo: labels.photo, aligned: alignLabels(labels.photo, labels.staged, m, work, stagedWork) }
		: null
	const { cols, rows } = compared.grid
	const seen = maps && cellRegions(maps.photo, maps.aligned, cols, rows)
	const features = seen && compared.features.map((c) => ({ ...c, seen: seen[c.row * cols + c.col] ?? null }))
	const classified = classifyCells(features ? { ...compared, features } : compared)
	mark('cells + verdict')
	const check = {
		...verdict(classified, residualPx),
		contents: maps && contents(maps.photo, maps.aligned, changedCells(classified)),
	}
	mark('segments')
	return { check, classified, aligned: maps?.aligned ?? null }
}

/** The grid's cells the pixels alone read as changed (see Analysis.pixelChanges), row by row. */
function pixelChanges({ cells, grid }: Classified): ChangedCells {
	const changed = new Uint8Array(grid.cols * grid.rows)
	for (const c of cells) if (c.pixels !== 'same') changed[c.row * grid.cols + c.col] = 1
	return { ...grid, changed }
}

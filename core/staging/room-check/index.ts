/**
 * The room check: lines a vendor's staged image up with the original photo and checks that the
 * room's permanent features (walls, windows, doors, floor, ceiling, the camera's framing) did not
 * change, while furniture, rugs, curtains, plants and wall art may appear.
 *
 * Library: OpenCV's WebAssembly build, @techstark/opencv-js 4.5.2 (Apache-2.0), which ships the
 * official opencv.js of OpenCV 4.5.1 (getBuildInformation: Emscripten, no SIMD, no threads).
 * Checked on Node 20 without network (opencv.ts): `require` returns the Emscripten Module at once,
 * usable after `onRuntimeInitialized` (~0.4 s; the wasm is embedded in the 7.7 MB file). The
 * Module has a `then` that hands back the Module itself, so `await cv` never settles: wait on
 * onRuntimeInitialized and drop `then`. It has ORB (only the 6-argument constructor binds; no
 * setFastThreshold), AKAZE, BRISK, BFMatcher.knnMatch, findHomography, estimateAffine2D (RANSAC
 * + Levenberg–Marquardt), warpAffine, warpPerspective, Canny, Sobel, cvtColor; it lacks
 * estimateAffinePartial2D, invertAffineTransform and phaseCorrelate. `mat.data` is a getter that
 * makes a new view on every read (read it once before a loop), every Mat and vector must be
 * deleted, and in Node the file installs process-wide uncaughtException/unhandledRejection handlers
 * that rethrow or abort: one more reason it only ever loads on the worker threads.
 *
 * Method (check.ts and a file per stage; on worker threads, one per core, threads.ts; the web process's event loop
 * stalls ≤ 40 ms while checks run there, against ~440 ms when run inline):
 * 1. Decode. Photo and staged image are decoded straight to copies whose longest side is 640 px
 *    (libjpeg shrink-on-load). An image libvips cannot read, one whose aspect ratio is more than
 *    2× off the photo's, or one of a single colour (every RGB channel's standard deviation < 4) is
 *    { failed }. The photo's copy and features are cached per thread (sha1 of the bytes, 4 photos),
 *    as a render checks several variations against one photo.
 * 2. Align. ORB (1000 features, 4 levels, scale 1.2), brute-force Hamming 2-NN, Lowe's ratio 0.8,
 *    estimateAffine2D with RANSAC (2.5 px, 4000 iterations), then a least-squares refit on the
 *    inliers found at the pyramid's full-resolution level (located ~2× better than the next
 *    level's). Aligned when ≥ 24 inliers, ≥ 20 % of the ratio-tested matches, scale 0.6–1.6 and
 *    rotation ≤ 10°. When keypoints do not get there (a small or softened image, a room relit from
 *    dark to bright: too few matches), the frames are lined up by lightness instead: OpenCV's ECC
 *    (an affine warp maximising the normalised correlation, so indifferent to exposure), started
 *    from the same frame, coarse to fine (a quarter, a half, the whole work size; ~0.08 s of CPU
 *    more for an answer of another room), accepted at a correlation ≥ 0.75 within the same scale
 *    and rotation bounds (4 of the 7 relit or softened real pairs keypoints could not match, no
 *    restyled room); it then has no inlier residual (null). Otherwise
 *    'unaligned' (another room, or no room) and the image is the staged
 *    one scaled to cover the photo and centre-cropped. The affine model covers zoom, shift, rotation
 *    and a vendor's other aspect ratio; the transform is carried to full size with libvips' pixel-
 *    centre convention (w = (x + 0.5)·k − 0.5), and the staged image is resampled onto the photo's
 *    grid at full size with sharp's affine (bilinear, ~3× cheaper than OpenCV's wasm warp at 12 MP;
 *    its output box starts at the rounded minimum of the transformed corners, measured).
 * 3. Compare, at 400 px, on a grid of 24 cells across the longest side; cells with border fill
 *    (more than 1 px beyond the staged image's edge) are skipped. Grading is undone twice: per pixel
 *    from photo/aligned pixel pairs (Lab: the pairs split at the photo's median; L as a line through
 *    the two halves' median photo value and median difference, a and b by the median difference;
 *    the images' own medians would jump across the gap of a two-toned room) and then on the cells
 *    whose lightness still correlates (> 0.8): dL as a line in L, a and b offsets, so exposure and
 *    white-balance changes and large furniture do not read as repaints. Aligned gradients are
 *    divided by the softening of those cells (resampling blur). Per cell: ΔE of mean Lab,
 *    lightness correlation (ZNCC), mean gradient and lightness spread, the aligned gradient's
 *    energy in four edge directions, Canny (40/100) edges, the shares of the photo's edges with no
 *    aligned edge within 2 px ("missing") and back, and the share of aligned pixels blown out or
 *    crushed (L ≥ 250 or ≤ 5 after grading).
 *    - 'surface': structure kept (ZNCC > 0.7, mean gradient within 30 % + 1.5, ≤ 50 % of its edges
 *      new) but ΔE ≥ 14: a repainted wall, a new floor finish, a ceiling; unless only the lightness
 *      moved (a and b together by < ΔE 7, or within ΔE 7 of the photo's a and b scaled by the
 *      lightness ratio, as less of the same light greys a colour): a shadow or lamp light, which
 *      changes how light a surface is but not its hue ('same'; a repaint to a lighter or darker shade
 *      of the same hue goes unseen, and so does a plain dark object on a plain wall: a TV);
 *    - 'erased': the photo had edges (> 4 % of pixels), ≥ 70 % are gone, < 55 % of the gradient
 *      left: an opening painted out or moved away;
 *    - 'new': anything else that changed, normally something stood in front (staging: passes),
 *      except
 *      - painted over: a group of ≥ 6 'new' cells with ΔE ≥ 8, under half of them blown out or
 *        crushed, whose texture did not grow: aligned gradient ≤ 1.15× the photo's, ≤ 1.4× when
 *        ≥ 23 % of the photo's edges there went, ≤ 1.8× when ≥ 45 % went (the surface itself was
 *        replaced); ≥ 4 cells when the texture dropped (≤ 0.8×: what stands in front of a wall
 *        brings texture, a window painted out takes it away);
 *      - a new covering (brick, tiles, panelling, another floor): ≥ 7 textured 'new' cells
 *        (aligned gradient ≥ 6; ΔE ≥ 8 or gradient grown past 1.5× + 3) linked side by side as one
 *        material: the squared differences between neighbours of mean Lab (in units of ΔE 16), log
 *        gradient and log lightness spread (units of 0.2) and edge-direction shares (L1, units of
 *        0.2) sum to < 2. Furniture, plants and art are made of parts (outline, shading, what shows
 *        around them), so their neighbouring cells differ (on the corpus staging links ≤ 5 cells,
 *        every brick wall ≥ 8);
 *    - cells the furniture mask covers (> 30 %) are 'same';
 *    - what the segmentation says (step 5; rules.ts SEEN), for a cell whose pixels changed: a window
 *      or door of the photo (≥ 30 % of the cell) that the answer shows as wall (≥ 60 % of it) is
 *      'erased'; a window (≥ 50 % of the cell) the answer still shows as a window or the outdoors
 *      (≥ 60 %), under 25 % placed before it, whose colour moved by ΔE ≥ 20, is 'view': it looks out
 *      on something else (two such cells: "The view through a window on the right changed"; a
 *      model's redrawn view of the same colours passes); else one the answer shows ≥ 75 % covered by something placed (a sofa before the
 *      wall, a rug), or the photo ≥ 25 % by something standing free (a bed or sofa taken away), is
 *      'same': staging. Coverings (below) are still read from the pixels alone: the model takes a
 *      pasted floor or brick for a table or shelf;
 *    - a relit answer (the light of the whole room changed: ≥ 40 % of the cells ΔL ≥ 8 with a and b
 *      moved < ΔE 7, ≤ 30 % with a and b moved more) has every cell whose a and b moved < ΔE 15
 *      'same', whatever its structure: shading moves a relit room's edges and texture, and another
 *      lamp's colour shifts a neutral surface that far; paint changes the hue (rules.ts RELIT);
 *    - a room lit in another colour (a warm lamp, a red pendant's pool: ≥ 35 % of the cells ΔL ≥ 8,
 *      ≥ 60 % keeping their structure, and over all cells how far the hue moved correlating ≥ 0.6
 *      with how far the lightness moved, as a light's tint comes with its brightness) has every cell
 *      whose a and b moved < ΔE 15 + |ΔL| 'same' (rules.ts TINTED; a restyled room keeps ≤ 25 % of
 *      its structure, a red wash's hue does not follow its lightness).
 *    Groups (8-connected) of ≥ 3 'surface' cells (2 whose mean ΔE ≥ 42: another colour, not a
 *    shade) or ≥ 2 'erased' cells, painted-over groups and coverings
 *    become regions (overlapping ones of a kind merged, at most 5); more than 60 % of the cells
 *    changed is a redrawn room ("The whole room looks redrawn"). The note names the largest group
 *    as a person would, by height (centre in the top 22 %: "The ceiling looks different" or "…a
 *    different colour"; below 72 %: "The floor looks different"; between, a tall group reaching the
 *    lower half is a door, else a window or the wall: "A window on the right is gone", "A door on
 *    the left looks painted over", "The wall in the centre looks repainted" or "…has a new finish")
 *    and side (thirds).
 * 4. Crop. Only what both frames show is compared. An `ok` answer whose frame leaves out ≥ 2 % of
 *    the photo's width or height on a side (rows and columns at most half covered by the aligned
 *    answer) says so in its note, with the share per side ("The staged image is cropped: it leaves
 *    out the top 4 % and the right 4 % of the photo"; "…is zoomed in: it leaves out 3–5 % of the
 *    photo at every edge"); null otherwise.
 *
 * 5. Segment (segment.ts, segmenter.ts, regions.ts). What each region is, from DeepLabV3 MobileNetV2
 *    trained on ADE20K (Apache-2.0, models/deeplabv3-mnv2-ade20k/) under LiteRT.js, on one thread
 *    per process: the photo and the answer each stretched to 513×513, 129×129 class scores, argmax.
 *    The photo's map is made once per room (kept by sha1, 8 photos); the answer's is moved onto the
 *    photo's frame by the alignment's transform. classes.ts sorts the classes into the room (wall,
 *    floor, ceiling, window, door, stairs, fireplace, column, kitchen units and worktops, radiator,
 *    fixed lights, and what a window shows) and what is placed in it (bed, sofa, chair, table, rug,
 *    curtain, blind, lamp, painting, plant, cushion, mirror, shelf, TV…). What was added and taken
 *    away (regions.ts contents, ITEMS): patches of placed classes ≥ 0.4 % of the image where the
 *    other image showed nothing placed, touching patches of kindred classes one thing (a sofa read
 *    partly as armchair), at least half of them the room or loose clutter there and at least half
 *    in cells whose pixels changed (a thing removed: every cell, and only a free-standing one); a
 *    "bed" lying on the floor is a rug, one under 1.5 % of the image none; said largest first
 *    (sentences.ts: "Added: a sofa, a rug and two lamps"). An answer that cannot be read has no
 *    map, and fails in step 1 as before.
 *    The answer is segmented only when its map could change the verdict (answerLabelsMatter below:
 *    the pixels flagged it, or two cells they read as changed lie on the photo's windows or doors),
 *    and then decided again from the cells the pixel stages described (check.ts judge, ~10 ms: the
 *    label maps change only how cells are read, so nothing is decoded, aligned or compared twice);
 *    what an answer passed unsegmented added is named afterwards by a low-priority job from the
 *    vendor's own image (core/studio/name-contents.ts), and its contents are null until then.
 *
 * Measured (bench/room-check.bench.ts, `npm run bench -- room-check`; 233 cases of 14 real photos):
 * - permanent-feature edits flagged 95.7 % (90/94, with the segmentation; target 95 %): 5/6
 *   view-changed (the miss: a view pasted over curtains the model calls curtains); the pixel
 *   rules alone, before the view cases and the segmentation, 95.5 %: all window-moved, door-removed,
 *   wall-retextured, ceiling-changed and room-restyled (unaligned), 13/14 wall-recoloured,
 *   7/8 window-removed, 11/13 floor-changed. With every staged image also zoomed 8 %, turned 1.2°
 *   and cropped (not in the bench; a robustness check) 70/88 (before the covering and grading
 *   changes 58/88), 13/14 wall-retextured; most of the rest lost are ceilings and floors the crop
 *   cuts off. Re-encoded at JPEG quality 70, or sent at 60 % of the photo's size: 84/88 and 83/88
 *   (staging 3 and 4 of 139);
 * - legitimate staging flagged 2.2 % (target ≤ 3 %; 3/139 also when moved as above): three rugs,
 *   two read as an opening painted out where the rug hides a textured floor's edges, one as a
 *   recoloured floor;
 * - alignment error against the known transform: median 0.62 px, p95 0.90 px (corpus photos are
 *   ≤ 1600 px); on 12 MP copies moved by a known affine (zoom ≤ 10 %, ±2°, shifts of 100 px)
 *   0.6–1.7 px, as 640 px features are coarser in full-size pixels;
 * - CPU at 12 MP (4000×3000), on this shared 2-core machine, whose load moves the figures a lot:
 *   align + check 139–207 ms for a room's first variation and 94–141 ms for the next ones (photo
 *   cached) over the bench runs (the last: 140 / 101 ms); the version before the covering rule, run interleaved with this
 *   one at the same load, cost the same within that noise (medians 192 / 136 ms against 203 /
 *   124 ms; per stage alike); the full-size warp and JPEG encode add ~300 ms (a bare 12 MP decode
 *   + encode is ~160 ms of that, which the pipeline paid before this check too).
 *
 * Measured on real generative output (section 2b of the bench; 98 before/after pairs made by image
 * models, tests/fixtures/real-staging: 50 tuning, 25 held out and seen while rules were chosen, 23
 * held out and never looked at pair by pair): docs/room-check.md has the table. Permanent changes
 * are caught on every set (26/26, 11/11, 12/12). Stagings are flagged 2/13 tuning and 1/9 held
 * out (target ≤ 1 in 10: a dog the model calls a sofa beside a redrawn floor, a Persian rug whose
 * edge it calls floor, a window's view redrawn in other colours); rooms relit 3/10, 2/5 and 5/10
 * (target ≤ 1 in 3: those relit so far that nothing lines up). The segmentation passes bedding, a
 * sofa or a bed redone, a couch over a patterned carpet; the tinted-light rule a lamp's warm or
 * red pool. The Added lists name 36 things of 51 that are there, the largest thing added in 14
 * of 23 pairs: what is left wrong is the model's reading (a dog as a sofa, shoes as books), and
 * its own confidence does not tell those apart (docs/room-check.md).
 *
 * What it cannot see: a change that keeps both structure and colour of a cell (a tint on a
 * near-black wall: the corpus's missed wall-recoloured); changes smaller than a few cells (about
 * 1/8 of the width: the two missed floors are patches of 2–3 rows of cells at the frame's edge
 * whose pasted texture is not one material from cell to cell, the missed window-removed a 3×2-cell
 * window filled with a copy of a textured wall, 1.42× the texture); a covering of fewer than seven
 * cells, or one whose texture varies from cell to cell; anything under the furniture mask; a
 * change of viewpoint (the model is affine; a re-rendered perspective is 'unaligned' or many
 * changed cells). A rug is one material too: a large one would read as a new floor. Thresholds
 * were tuned on the corpus, which is small (14 photos): expect other misses on other rooms. The
 * small-group exceptions (a strongly recoloured pair, four flattened cells, 1.8× texture where
 * ≥ 45 % of the edges went) each rest on one corpus case, though no staging there comes near them
 * (recoloured staging pairs reach ΔE 35, no staging group flattens the texture, none hides more
 * than 30 % of the photo's edges).
 */
import { OPENINGS } from './classes.ts'
import { type ChangedCells, type Contents, cellAt } from './regions.ts'
import { MIN_CELLS, SEEN } from './rules.ts'
import type { Labels } from './segment.ts'
import { labelsOf, labelsOfPair } from './segmenter.ts'
import { checkOnThread, verdictOnThread } from './threads.ts'
import type { CheckedImage, CheckOptions, RoomCheck } from './types.ts'

export type { ChangedRegion, CheckedImage, CheckOptions, RoomCheck, RoomCheckVerdict } from './types.ts'

/**
 * Lines `staged` up with `photo` and checks the room's permanent features. The pixel stages look
 * first, beside the photo's segmentation (segmenter.ts: made once for all of a room's
 * variations); the answer is segmented only when its label map could change the verdict
 * (answerLabelsMatter), and then decided again, from the cells the pixel stages described, knowing
 * what each region of both is. What an answer passed unsegmented added is named afterwards
 * (contentsOf, a job). The returned image is a JPEG of exactly the photo's size. Runs on worker
 * threads.
 */
export async function checkStagedImage(
	photo: Buffer,
	staged: Buffer,
	{ furnitureMask, urgent }: CheckOptions = {},
): Promise<CheckedImage> {
	const [photoLabels, checked] = await Promise.all([
		labelsOf(photo, { photo: true, urgent }),
		checkOnThread({ photo, staged, furnitureMask }, { urgent }),
	])
	if ('failed' in checked) return checked
	const { image, check, pixelChanges, pixels } = checked
	// Unaligned (no cells), or the photo unread (then the check failed it already): nothing to label.
	if (!pixels || !pixelChanges || !photoLabels || !answerLabelsMatter(check, photoLabels, pixelChanges))
		return { image, check }
	// Decoded already, so it can be read: labels are missing only if the segmentation broke.
	const stagedLabels = await labelsOf(staged, { urgent })
	if (!stagedLabels) return { image, check }
	// Decided again from the cells the pixel stages described: the labels change only how they are read.
	const decided = await verdictOnThread({ pixels, labels: { photo: photoLabels, staged: stagedLabels } }, { urgent })
	return { image, check: 'failed' in decided ? check : decided.check }
}

/**
 * Whether the answer's label map could change what the pixel stages decided of an aligned answer.
 * It can clear cells they flagged (a rug, a sofa before the wall); what it adds is a window or
 * door of the photo shown as wall, or a window looking out on something else, in cells the pixels
 * read as changed (rules.ts classify, SEEN), MIN_CELLS of which make a region. So an answer they
 * passed needs it only when that many such cells are at least SEEN.opening window or door in the
 * photo (here a share of the whole cell, in the check of what the answer's frame covers). On the
 * corpora the label map turns eight passes into catches, each of an answer so segmented (bench
 * section 3): five synthetic windows walled up or looking out on something else, two real windows
 * whose view changed, and a real floor, read as painted over once the label map cleared cells
 * round it, which this finds only because its cells lie on a window too.
 */
export function answerLabelsMatter(check: RoomCheck, photo: Labels, { cols, rows, changed }: ChangedCells) {
	if (check.verdict !== 'ok') return true
	const n = photo.size
	const [pixels, openings] = [new Float64Array(cols * rows), new Float64Array(cols * rows)]
	for (let i = 0; i < n * n; i++) {
		const k = cellAt(i, n, cols, rows)
		pixels[k]++
		if (OPENINGS.has(photo.data[i])) openings[k]++
	}
	let cells = 0
	for (let k = 0; k < changed.length; k++) if (changed[k] && openings[k] >= SEEN.opening * pixels[k]) cells++
	return cells >= Math.min(MIN_CELLS.erased, MIN_CELLS.view)
}

/**
 * What an answer the check passed without segmenting it added to the room and took away
 * (regions.ts contents), named afterwards (core/studio/name-contents.ts): from the vendor's own
 * image, the contents the check would have named. Null when it cannot be read or does not line up.
 */
export async function contentsOf(photo: Buffer, answer: Buffer, { urgent = false } = {}): Promise<Contents | null> {
	const labels = await labelsOfPair(photo, answer, { urgent })
	if (!labels) return null
	const checked = await verdictOnThread({ photo, staged: answer, labels }, { urgent })
	return 'failed' in checked ? null : checked.check.contents
}

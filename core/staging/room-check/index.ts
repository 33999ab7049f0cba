/**
 * The room check: lines a vendor's staged image up with the original photo and checks that the
 * room's permanent features (walls, windows, doors, floor, ceiling, the camera's framing) did not
 * change, while furniture, rugs, curtains, plants and wall art may appear.
 *
 * Method (check.ts; runs on a worker thread, threads.ts):
 * 1. Decode. The photo and the staged image are decoded straight to copies whose longest side is
 *    800 px (libjpeg's shrink-on-load makes this ~15 ms at 12 MP). An image libvips cannot read,
 *    one whose aspect ratio is more than 2× off the photo's, or one of a single colour (every RGB
 *    channel's standard deviation under 4) is { failed }: a failed variation.
 * 2. Align. ORB (2000 features, 8 levels), brute-force Hamming 2-NN with Lowe's ratio 0.8,
 *    estimateAffine2D with RANSAC (2.5 px at 800 px, 4000 iterations), then a least-squares refit
 *    on the inliers found at the pyramid's full-resolution level (they are located ~2× better).
 *    At least 24 inliers, at least 20 % of the ratio-tested matches, scale 0.6–1.6 and rotation
 *    ≤ 10° count as aligned; otherwise the answer is 'unaligned' (another room, or no room) and the
 *    image is the staged one scaled to cover the photo and centre-cropped, as before this check.
 *    The transform is carried to full size with libvips' pixel-centre convention
 *    (w = (x + 0.5)·k − 0.5) and the staged image is resampled onto the photo's grid at full size
 *    with sharp's affine (bilinear), which is ~3× cheaper than OpenCV's wasm warp at 12 MP.
 * 3. Compare, at 800 px, on a grid of 24 cells across the longest side. The aligned image's global
 *    grading is undone first (Lab: L matched by median and interquartile range, a and b by median),
 *    so exposure and white-balance changes pass. Per cell: difference of mean Lab (ΔE), correlation
 *    of lightness (ZNCC), mean gradient, Canny edges (40/100) of each side and the shares of the
 *    photo's edges with no aligned edge within 2 px ("missing") and the other way round. A cell is
 *    - 'surface' when its structure is unchanged (ZNCC > 0.55, or both sides smooth: mean gradient
 *      < 2.2) but its colour moved by ΔE ≥ 14: a repainted wall, a new floor finish, a ceiling;
 *    - 'erased' when the photo had edges there (> 4 % of pixels), ≥ 70 % of them are gone and the
 *      aligned cell keeps < 55 % of the gradient: a window or door painted out (or moved away);
 *    - 'new' when the structure changed otherwise: something now stands in front (furniture, a
 *      rug, wall art, a plant). New things are staging and pass;
 *    - cells the furniture mask covers (> 30 %) are 'same'.
 *    Groups of ≥ 3 'surface' cells or ≥ 2 'erased' cells are reported as regions; if more than
 *    60 % of the cells changed, the whole room counts as redrawn. The note names the largest group:
 *    by height (top fifth → ceiling, bottom → floor, else wall; a tall erased group reaching the
 *    lower half → door, else window) and side (left/centre/right thirds).
 *
 * What it cannot see: a change that keeps both the structure and the colour of a cell (a window
 * replaced by an identical one elsewhere is seen only where the old one was); a new object that is
 * in fact a permanent feature (a built-in wardrobe, a new wall covering that adds texture, such as
 * brick or a patterned floor, reads as 'new' and passes when it is also not recoloured); changes
 * smaller than three cells (about 1/8 of the width); anything under the furniture mask;
 * perspective changes (the model is affine; a vendor that re-renders from another viewpoint is
 * 'unaligned' or shows as many changed cells).
 *
 * Measured (bench/room-check.bench.ts, `npm run bench -- room-check`): see the bench's output.
 */
import { checkOnThread } from './threads.ts'
import type { CheckedImage, CheckOptions } from './types.ts'

export type { ChangedRegion, CheckedImage, CheckOptions, RoomCheck, RoomCheckVerdict } from './types.ts'

/**
 * Lines `staged` up with `photo` and checks the room's permanent features. The returned image is
 * a JPEG of exactly the photo's size. Runs on a worker thread.
 */
export async function checkStagedImage(
	photo: Buffer,
	staged: Buffer,
	options: CheckOptions = {},
): Promise<CheckedImage> {
	return checkOnThread({ photo, staged, furnitureMask: options.furnitureMask })
}

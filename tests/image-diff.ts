import { sharp } from '#core/platform/sharp.ts'

/**
 * The smallest box holding every pixel that differs between two images of the same size by more
 * than JPEG noise, or null when none does.
 */
export async function changedBox(before: Buffer, after: Buffer, threshold = 40) {
	const [a, b] = await Promise.all(
		[before, after].map((image) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
	)
	const { width, height, channels } = a.info
	if (b.info.width !== width || b.info.height !== height) throw new Error('the images differ in size')
	let box: { left: number; top: number; right: number; bottom: number } | null = null
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const i = (y * width + x) * channels
			const delta =
				Math.abs(a.data[i] - b.data[i]) +
				Math.abs(a.data[i + 1] - b.data[i + 1]) +
				Math.abs(a.data[i + 2] - b.data[i + 2])
			if (delta <= threshold) continue
			box = box
				? {
						left: Math.min(box.left, x),
						top: Math.min(box.top, y),
						right: Math.max(box.right, x),
						bottom: Math.max(box.bottom, y),
					}
				: { left: x, top: y, right: x, bottom: y }
		}
	return (
		box && {
			...box,
			width: box.right - box.left + 1,
			height: box.bottom - box.top + 1,
			imageWidth: width,
			imageHeight: height,
		}
	)
}

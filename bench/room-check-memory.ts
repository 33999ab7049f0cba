/**
 * Peak resident memory of a process that checks staged images as a worker process does
 * (room-check.bench.ts runs it in a process of its own each time, both as `npm run worker` runs
 * Node and with Node's defaults): eight 12 MP checks of real pairs through the thread pools, with
 * the segmentation (`segmented`, as production runs) or with the pixel stages alone (`pixels`,
 * the check before the segmentation model came). Prints the peak in MB.
 *
 *   node --import tsx bench/room-check-memory.ts segmented|pixels
 */
import fs from 'node:fs'
import path from 'node:path'
import { sharp } from '#core/platform/sharp.ts'
import { checkStagedImage } from '#core/staging/room-check/index.ts'
import { checkOnThread } from '#core/staging/room-check/threads.ts'
import { REAL_FIXTURES, readRealPairs } from './room-check-real-corpus.ts'

const segmented = process.argv[2] === 'segmented'
const twelve = (file: string) =>
	sharp(fs.readFileSync(path.join(REAL_FIXTURES, file)))
		.resize(4000, 3000, { fit: 'fill' })
		.jpeg({ quality: 90 })
		.toBuffer()
for (const pair of readRealPairs()
	.filter((p) => p.label === 'legitimate' && p.kind === 'staging')
	.slice(0, 8)) {
	const [photo, staged] = await Promise.all([twelve(pair.before), twelve(pair.after)])
	await (segmented ? checkStagedImage(photo, staged) : checkOnThread({ photo, staged }))
}
console.log(Math.round(process.resourceUsage().maxRSS / 1024))
process.exit(0)

/**
 * Writes the segmentation model's label map of every image of the real generative corpus
 * (tests/fixtures/real-staging/labels/, bench/room-check-real-corpus.ts): run once when pairs are
 * added (`node --import tsx scripts/segment-real-pairs.ts`), ~0.6 s of one core per image.
 */
import fs from 'node:fs'
import path from 'node:path'
import { labelsFile, REAL_FIXTURES, readRealPairs, writeFixtureLabels } from '../bench/room-check-real-corpus.ts'
import { segment } from '../core/staging/room-check/segment.ts'
import { MODEL_FOLDER } from '../core/staging/room-check/segmenter.ts'

for (const image of readRealPairs().flatMap((pair) => [pair.before, pair.after])) {
	if (fs.existsSync(labelsFile(image))) continue
	const labels = await segment(fs.readFileSync(path.join(REAL_FIXTURES, image)), MODEL_FOLDER)
	if (!labels) throw new Error(`${image} could not be read`)
	await writeFixtureLabels(image, labels)
	console.log(image)
}

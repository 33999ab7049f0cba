/**
 * The scope check (core/staging/room-check/scope.ts) at 12 MP: pair 69's photo (white walls)
 * upscaled to 4000×3000, its walls repainted by the local preview, and sloppy answers made from
 * that (the floor recoloured too, the sofa painted with the walls), each checked against "walls
 * #7a9cb8" with both label maps made beforehand (segmentation is the room check's cost, measured
 * in room-check.bench.ts). Prints each verdict and sentence (every sloppy answer must be caught,
 * the clean one passed) and the process CPU of one check, median of 5.
 *
 *   npm run bench -- edit-scope
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseHex } from '#core/edits/colour.ts'
import { editSize } from '#core/edits/mask.ts'
import { surfaceMask } from '#core/edits/objects.ts'
import { repaintWalls } from '#core/edits/repaint-walls.ts'
import { sharp } from '#core/platform/sharp.ts'
import { rgb } from '#core/staging/room-check/decode.ts'
import { loadOpenCv } from '#core/staging/room-check/opencv.ts'
import { checkScope, type Scope } from '#core/staging/room-check/scope.ts'
import { segment } from '#core/staging/room-check/segment.ts'
import { MODEL_FOLDER } from '#core/staging/room-check/segmenter.ts'
import { REAL_FIXTURES, readFixtureLabels } from './room-check-real-corpus.ts'

const [W, H] = [4000, 3000]
const photo = await sharp(fs.readFileSync(path.join(REAL_FIXTURES, '69-before.jpg')))
	.resize(W, H, { fit: 'fill' })
	.jpeg({ quality: 90 })
	.toBuffer()
const labels = await readFixtureLabels('69-before.jpg')
const { cv } = await loadOpenCv()
const blue = '#7a9cb8'
const work = editSize(W, H)
const painted = repaintWalls(
	cv,
	{ width: W, height: H, data: await rgb(photo, W, H, 'photo') },
	{ ...work, data: await rgb(photo, work.width, work.height, 'photo') },
	labels,
	parseHex(blue)!,
).pixels
const tint = (mask: Uint8Array, colour: number[], strength: number) => {
	const out = new Uint8Array(painted)
	const n = labels.size
	for (let i = 0; i < W * H; i++) {
		const [x, y] = [i % W, Math.floor(i / W)]
		if (!mask[Math.floor((y * n) / H) * n + Math.floor((x * n) / W)]) continue
		for (let c = 0; c < 3; c++) out[3 * i + c] = Math.round(out[3 * i + c] * (1 - strength) + colour[c] * strength)
	}
	return out
}
const jpeg = (pixels: Uint8Array) =>
	sharp(Buffer.from(pixels), { raw: { width: W, height: H, channels: 3 } })
		.jpeg({ quality: 90 })
		.toBuffer()
const answers: [string, boolean, Buffer][] = [
	['walls repainted as asked', true, await jpeg(painted)],
	['the floor recoloured too', false, await jpeg(tint(surfaceMask(labels, 'floor'), [150, 90, 50], 0.5))],
	[
		'the sofa painted with the walls',
		false,
		await jpeg(
			tint(
				labels.data.map((c) => (c === 24 ? 1 : 0)),
				[122, 156, 184],
				0.7,
			),
		),
	],
]
const scope: Scope = { kind: 'renovate', surfaces: { walls: blue } }
let wrong = 0
for (const [what, clean, answer] of answers) {
	const answerLabels = (await segment(answer, MODEL_FOLDER))!
	const result = await checkScope(photo, answer, scope, { photo: labels, answer: answerLabels })
	if ((result.verdict === 'ok') !== clean) wrong++
	console.log(`${what}: ${result.verdict} — ${result.sentences.join(' / ')}`)
	if (!clean) continue
	const cpu: number[] = []
	for (let run = 0; run < 5; run++) {
		const usage = process.cpuUsage()
		await checkScope(photo, answer, scope, { photo: labels, answer: answerLabels })
		const used = process.cpuUsage(usage)
		cpu.push((used.user + used.system) / 1000)
	}
	console.log(`scope check at 12 MP, label maps given: CPU median ${cpu.toSorted((a, b) => a - b)[2].toFixed(0)} ms`)
}
console.log(
	`${answers.length - wrong} of ${answers.length} answers judged right (sloppy ones caught, the clean one passed)`,
)
if (wrong) process.exitCode = 1

/**
 * The local preview's wall repaint (core/edits/repaint-walls.ts) at 12 MP: a real photo
 * (tests/fixtures/real-staging/69-before.jpg, white walls) upscaled to 4000×3000 and saved as a
 * JPEG, then repainted from those bytes to a delivered JPEG (decode, working copy, walls refined
 * with GrabCut, recolour, encode) on this thread, as a worker thread runs it. Wall-clock median
 * and worst of 7 runs after one warm-up (target: under 2 s, as paint visualisers answer), and
 * the process CPU of the same (libvips' own threads included).
 *
 *   npm run bench -- wall-repaint
 */
import fs from 'node:fs'
import path from 'node:path'
import { sharp } from '#core/platform/sharp.ts'
import { parseHex } from '#core/edits/colour.ts'
import { repaintPhotoWalls } from '#core/edits/repaint-walls.ts'
import { loadOpenCv } from '#core/staging/room-check/opencv.ts'
import { readFixtureLabels, REAL_FIXTURES } from './room-check-real-corpus.ts'

const TARGET_MS = 2000
const photo = await sharp(fs.readFileSync(path.join(REAL_FIXTURES, '69-before.jpg')))
	.resize(4000, 3000, { fit: 'fill' })
	.jpeg({ quality: 90 })
	.toBuffer()
const labels = await readFixtureLabels('69-before.jpg')
const { cv } = await loadOpenCv()
const colour = parseHex('#d8d2c4')!
await repaintPhotoWalls(cv, photo, labels, colour)
const wall: number[] = []
const cpu: number[] = []
for (let run = 0; run < 7; run++) {
	const [started, usage] = [performance.now(), process.cpuUsage()]
	await repaintPhotoWalls(cv, photo, labels, colour)
	wall.push(performance.now() - started)
	const used = process.cpuUsage(usage)
	cpu.push((used.user + used.system) / 1000)
}
const median = (v: number[]) => v.toSorted((a, b) => a - b)[Math.floor(v.length / 2)]
console.log(
	`wall repaint, 12 MP JPEG in → JPEG out: median ${median(wall).toFixed(0)} ms, worst ${Math.max(...wall).toFixed(0)} ms wall-clock (target < ${TARGET_MS} ms); CPU median ${median(cpu).toFixed(0)} ms`,
)
if (median(wall) >= TARGET_MS) process.exitCode = 1

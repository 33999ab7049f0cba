import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readFixtureLabels, REAL_FIXTURES } from '../../../bench/room-check-real-corpus.ts'
import { WALL } from './classes.ts'
import { endBeforeUpsampling } from './model-output.ts'
import { loadOpenCv } from './opencv.ts'
import { LABELS_SIZE, MODEL_FILE, readModel, segment } from './segment.ts'
import { labelsOf, MODEL_FOLDER } from './segmenter.ts'

// LiteRT.js is a browser library; litert.ts starts it in Node. These keep its shims honest, and
// the corpus's label maps (made once, kept as fixtures) equal to what the model says today.
describe('the segmentation model under LiteRT.js in Node', () => {
	it('labels a real room offline, as the kept label maps say, and leaves no browser globals behind for OpenCV to trip on', async () => {
		for (const image of ['13-before.jpg', '30-after.jpg']) {
			const labels = (await segment(fs.readFileSync(`${REAL_FIXTURES}/${image}`), MODEL_FOLDER))!
			expect(labels.size).toBe(LABELS_SIZE)
			expect(labels.data).toHaveLength(LABELS_SIZE * LABELS_SIZE)
			const kept = await readFixtureLabels(image)
			const same = labels.data.filter((label, i) => label === kept.data[i]).length
			expect(same / labels.data.length).toBeGreaterThan(0.99)
		}
		// An empty room with white walls: wall is its largest class (about half of it).
		const photo = await readFixtureLabels('13-before.jpg')
		expect(photo.data.filter((label) => label === WALL).length / photo.data.length).toBeGreaterThan(0.35)
		for (const name of ['self', 'importScripts', 'Module']) expect(name in globalThis).toBe(false)
		// OpenCV's wasm build reads a global importScripts as "in a web worker" and fails to start.
		await expect(loadOpenCv()).resolves.toBeTruthy()
	})

	it('refuses a model file that is not the one checked in, and a graph that does not end as expected', () => {
		const folder = fs.mkdtempSync('/tmp/model-')
		try {
			const bytes = fs.readFileSync(`${MODEL_FOLDER}/${MODEL_FILE}`)
			fs.writeFileSync(`${folder}/${MODEL_FILE}`, bytes.subarray(0, bytes.length - 1))
			expect(() => readModel(folder)).toThrow(/not the one expected/)
			expect(readModel(MODEL_FOLDER)).toHaveLength(bytes.length)
			// Cut once, the graph no longer ends in the two resizes: a second cut would remove real layers.
			const cut = endBeforeUpsampling(bytes)
			expect(cut).toHaveLength(bytes.length)
			expect(() => endBeforeUpsampling(cut)).toThrow(/does not end in the two resizes/)
		} finally {
			fs.rmSync(folder, { recursive: true, force: true })
		}
	})

	it('segments an answer read twice (the room check, then an edit scope check) once, and a photo once per room', async () => {
		const [photo, answer] = ['13-before.jpg', '13-after.jpg'].map((image) =>
			fs.readFileSync(`${REAL_FIXTURES}/${image}`),
		)
		const first = labelsOf(answer)
		expect(labelsOf(Buffer.from(answer))).toBe(first)
		expect(labelsOf(photo, { photo: true })).toBe(labelsOf(photo, { photo: true }))
		expect((await first)?.size).toBe(LABELS_SIZE)
	})
})

import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadOpenCv } from './opencv.ts'
import { MODEL_FOLDER } from './segmenter.ts'
import { MODEL_FILE, readModel, SEGMENT_SIZE, segment } from './segment.ts'
import { WALL } from './classes.ts'

// LiteRT.js is a browser library; litert.ts starts it in Node. These keep its shims honest.
describe('the segmentation model under LiteRT.js in Node', () => {
	it('labels a real room offline, and leaves no browser globals behind for OpenCV to trip on', async () => {
		const photo = fs.readFileSync(new URL('../../../tests/fixtures/real-staging/13-before.jpg', import.meta.url))
		const labels = (await segment(photo, MODEL_FOLDER))!
		expect(labels.size).toBe(SEGMENT_SIZE)
		expect(labels.data).toHaveLength(SEGMENT_SIZE * SEGMENT_SIZE)
		const walls = labels.data.filter((label) => label === WALL).length / labels.data.length
		// An empty room with white walls: wall is its largest class (51 % measured).
		expect(walls).toBeGreaterThan(0.35)
		for (const name of ['self', 'importScripts', 'Module']) expect(name in globalThis).toBe(false)
		// OpenCV's wasm build reads a global importScripts as "in a web worker" and fails to start.
		await expect(loadOpenCv()).resolves.toBeTruthy()
	})

	it('refuses a model file that is not the one checked in', () => {
		const folder = fs.mkdtempSync('/tmp/model-')
		try {
			const bytes = fs.readFileSync(`${MODEL_FOLDER}/${MODEL_FILE}`)
			fs.writeFileSync(`${folder}/${MODEL_FILE}`, bytes.subarray(0, bytes.length - 1))
			expect(() => readModel(folder)).toThrow(/not the one expected/)
			expect(readModel(MODEL_FOLDER)).toHaveLength(bytes.length)
		} finally {
			fs.rmSync(folder, { recursive: true, force: true })
		}
	})
})

/**
 * What each part of a photo is (wall, floor, window, sofa, rug…): DeepLabV3 with a MobileNetV2
 * backbone trained on ADE20K (150 classes of scenes), as TensorFlow Lite, run by LiteRT.js
 * (litert.ts). The model and its licence are in models/deeplabv3-mnv2-ade20k/ (Apache-2.0; where
 * it comes from: its README.md). Its sha256 is checked when it is loaded: a truncated or swapped
 * file fails loudly instead of labelling rooms wrongly.
 *
 * Input: RGB stretched to 513×513, scaled to [-1, 1]. Output: 129×129×151 scores (the graph ended
 * before its own upsampling to 513×513, model-output.ts), argmax per pixel (index = ADE20K's + 1,
 * 0 "others"); 98.4 % of the labels are those of the 513×513 output at the same places. One
 * inference is ~0.45–0.6 s of one core (0.55–0.85 s with the upsampling) and keeps 170 MB of wasm
 * memory (350 MB with it), so it runs on one thread per process (segmenter.ts), and the argmax
 * reads the output where it lies instead of copying it out.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { rgb } from './decode.ts'
import { loadLiteRt, quietly, readOutput } from './litert.ts'
import { endBeforeUpsampling } from './model-output.ts'

/** Side of the model's square input. */
export const SEGMENT_SIZE = 513
/** Side of the label maps: the model's class scores before its own upsampling (model-output.ts). */
export const LABELS_SIZE = 129
export const MODEL_FILE = 'lite-model_deeplabv3-mobilenetv2-ade20k_1_default_2.tflite'
export const MODEL_SHA256 = '0acdf37d5db38e681646ce79557c2af516650ecca5377b15c9cb171f751556cb'
const CLASSES = 151

/** A label map: the class of each pixel of the image stretched to a square (LABELS_SIZE²). */
export interface Labels {
	size: number
	data: Uint8Array
}

type Compiled = Awaited<ReturnType<Awaited<ReturnType<typeof loadLiteRt>>['loadAndCompile']>>
let compiled: Promise<{ model: Compiled; litert: Awaited<ReturnType<typeof loadLiteRt>> }> | undefined

/** The model's bytes, refused unless they are the ones checked in. */
export function readModel(folder: string) {
	const bytes = fs.readFileSync(`${folder}/${MODEL_FILE}`)
	const sha = createHash('sha256').update(bytes).digest('hex')
	if (sha !== MODEL_SHA256)
		throw new Error(`The segmentation model ${MODEL_FILE} is not the one expected (sha256 ${sha})`)
	return bytes
}

function loadModel(folder: string) {
	compiled ??= (async () => {
		const bytes = readModel(folder)
		const litert = await loadLiteRt()
		const model = await quietly(() => litert.loadAndCompile(endBeforeUpsampling(bytes), { accelerator: 'wasm' }))
		return { model, litert }
	})().catch((error) => {
		compiled = undefined
		throw error
	})
	return compiled
}

/** The label map of an image (any format libvips reads, turned upright); null when it is no image. */
export async function segment(image: Buffer, modelFolder: string): Promise<Labels | null> {
	const { model, litert } = await loadModel(modelFolder)
	// The same reading as the check's own (decode.ts); an image it cannot read gets no labels, and the
	// check says what is wrong with it.
	const pixels = await rgb(image, SEGMENT_SIZE, SEGMENT_SIZE, 'image').catch(() => null)
	if (!pixels) return null
	const input = new Float32Array(pixels.length)
	for (let i = 0; i < pixels.length; i++) input[i] = pixels[i] / 127.5 - 1
	const tensor = new litert.Tensor(input, [1, SEGMENT_SIZE, SEGMENT_SIZE, 3])
	try {
		const outputs = await model.run([tensor])
		try {
			return { size: LABELS_SIZE, data: readOutput(outputs[0], argmax) }
		} finally {
			for (const output of outputs) output.delete()
		}
	} finally {
		tensor.delete()
	}
}

/** The best class of each pixel from its CLASSES scores, laid out pixel after pixel. */
function argmax(scores: Float32Array) {
	const labels = new Uint8Array(scores.length / CLASSES)
	for (let p = 0, o = 0; p < labels.length; p++, o += CLASSES) {
		let best = 0
		let top = scores[o]
		for (let c = 1; c < CLASSES; c++)
			if (scores[o + c] > top) {
				top = scores[o + c]
				best = c
			}
		labels[p] = best
	}
	return labels
}

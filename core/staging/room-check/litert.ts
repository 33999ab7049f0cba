/**
 * LiteRT.js (Google's TensorFlow Lite runtime for the web, `@litertjs/core` 2.5.3, pinned; the
 * wasm with XNNPACK is inside the npm package) started in Node. It is written for browsers and
 * web workers: its loader runs the wasm's JavaScript with `importScripts` (or a <script> tag) and
 * reads the factory it leaves on `self`. Node has neither, so this module gives it both, and the
 * Emscripten file, which then takes its Node path, the `require` and `__dirname` it expects of a
 * CommonJS module. Nothing is fetched: the wasm is read from node_modules.
 *
 * These shims are the only place that knows LiteRT.js is a browser library (litert.test.ts keeps
 * them honest on a version bump).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'

type LiteRtModule = typeof import('@litertjs/core')

const require = createRequire(import.meta.url)
/** node_modules/@litertjs/core/wasm/: the loader picks its file there (SIMD or not). */
const WASM_FOLDER = path.join(path.dirname(require.resolve('@litertjs/core/package.json')), 'wasm')

/** Runs one of LiteRT's wasm loader scripts as a CommonJS file would run, its globals on `self`. */
function importScripts(url: string | URL) {
	const file = url instanceof URL || url.startsWith('file:') ? new URL(url).pathname : url
	const code = fs.readFileSync(file, 'utf8')
	// The script declares `var ModuleFactory`; inside the wrapper that is a local, handed to self.
	const run = vm.runInThisContext(
		`(function (require, __dirname, __filename, module) {${code}\n;self.ModuleFactory = ModuleFactory })`,
		{ filename: file },
	)
	run(createRequire(file), path.dirname(file), file, { exports: {} })
}

let loading: Promise<LiteRtModule> | undefined
/** The loaded runtime's Emscripten module (its memory), for readOutput. */
let wasm: { HEAPU8: Uint8Array; LiteRtTensorBufferLockMode: { READ: unknown } } | undefined

/**
 * LiteRT.js, its wasm loaded once per thread (~0.1 s). The browser globals it needs are there only
 * while it loads: OpenCV's wasm build (opencv.ts) takes a global `importScripts` to mean it runs in
 * a web worker, and then fails to start in the same thread.
 */
export function loadLiteRt(): Promise<LiteRtModule> {
	loading ??= (async () => {
		const litert: LiteRtModule = await import('@litertjs/core')
		const g = globalThis as Record<string, unknown>
		const shims = {
			self: globalThis,
			importScripts,
			// The Emscripten module's own options: its log lines (INFO, and a WARNING that no NPU is
			// there) are dropped, anything else still reaches stderr.
			Module: { print() {}, printErr: (line: string) => /^(INFO|WARNING):/.test(line) || console.error(line) },
		}
		const names = Object.keys(shims).filter((name) => !(name in g)) as (keyof typeof shims)[]
		for (const name of names) g[name] = shims[name]
		try {
			const runtime = await quietly(() => litert.loadLiteRt(`${WASM_FOLDER}/`))
			wasm = (runtime as unknown as { liteRtWasm: NonNullable<typeof wasm> }).liteRtWasm
		} finally {
			for (const name of names) delete g[name]
		}
		return litert
	})()
	return loading
}

/** Runs `work` with console.log/info/warn silenced: the runtime's start-up chatter is no news. */
export async function quietly<T>(work: () => Promise<T>): Promise<T> {
	const saved = [console.log, console.info, console.warn]
	console.log = console.info = console.warn = () => {}
	try {
		return await work()
	} finally {
		;[console.log, console.info, console.warn] = saved
	}
}

interface HostTensor {
	liteRtTensorBuffer: { lock(mode: unknown): number; unlock(): void; packedSize(): number }
}

/**
 * Reads a float32 output where it lies in the wasm memory. LiteRT.js's own `toTypedArray` copies it
 * out first: 159 MB more at the peak for the segmentation model's output. Uses the tensor's host
 * buffer as `toTypedArray` does in 2.5.3 (the view is only valid until the buffer is unlocked).
 */
export function readOutput<T>(tensor: unknown, read: (data: Float32Array) => T): T {
	if (!wasm) throw new Error('LiteRT.js is not loaded')
	const buffer = (tensor as HostTensor).liteRtTensorBuffer
	const pointer = buffer.lock(wasm.LiteRtTensorBufferLockMode.READ)
	try {
		return read(new Float32Array(wasm.HEAPU8.buffer, pointer, buffer.packedSize() / 4))
	} finally {
		buffer.unlock()
	}
}

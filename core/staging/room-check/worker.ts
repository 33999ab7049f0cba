import { parentPort } from 'node:worker_threads'
import { analyse } from './check.ts'

/** One room check at a time on this worker thread; see threads.ts. */
parentPort!.on(
	'message',
	async ({ photo, staged, furnitureMask }: { photo: Uint8Array; staged: Uint8Array; furnitureMask?: Uint8Array }) => {
		const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
		try {
			const result = await analyse(buffer(photo), buffer(staged), {
				furnitureMask: furnitureMask && buffer(furnitureMask),
			})
			if ('failed' in result) parentPort!.postMessage({ output: { failed: result.failed } })
			else parentPort!.postMessage({ output: { image: result.image!, check: result.check } })
		} catch (error) {
			parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) })
		}
	},
)

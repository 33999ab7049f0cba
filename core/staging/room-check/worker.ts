import { analyse } from './check.ts'

/** One room check, on a pool thread (core/platform/thread-entry.mjs); see threads.ts. */
export async function handle({
	photo,
	staged,
	furnitureMask,
}: {
	photo: Uint8Array
	staged: Uint8Array
	furnitureMask?: Uint8Array
}) {
	const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	try {
		const result = await analyse(buffer(photo), buffer(staged), {
			furnitureMask: furnitureMask && buffer(furnitureMask),
		})
		if ('failed' in result) return { output: { failed: result.failed } }
		return { output: { image: result.image!, check: result.check } }
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error) }
	}
}

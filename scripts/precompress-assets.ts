import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { COMPRESSIBLE_FILE, PRECOMPRESSED } from '../app/utils/compression.server.ts'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Writes a `.br` and a `.gz` twin of every script and style in the browser build's assets, at the
 * highest levels (too slow to do per request, free once at build time), for
 * app/utils/compression.server.ts to serve. Run at Remix's build end: the stylesheet a page links
 * is emitted by the server build and only then moved into the browser's assets. A twin that would
 * not be smaller is not written.
 */
export async function precompressAssets(assetsDir: string) {
	const files = (await fs.readdir(assetsDir)).filter((name) => COMPRESSIBLE_FILE.test(name))
	await Promise.all(
		files.map(async (name) => {
			const file = path.join(assetsDir, name)
			const source = await fs.readFile(file)
			const twins = {
				br: await brotli(source, {
					params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
				}),
				gzip: await gzip(source, { level: 9 }),
			}
			for (const [encoding, bytes] of Object.entries(twins))
				if (bytes.length < source.length)
					await fs.writeFile(file + PRECOMPRESSED[encoding as keyof typeof PRECOMPRESSED], bytes)
		}),
	)
}

import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where the bundles go: under node_modules, so a bundle's package imports (sharp, OpenCV) resolve
 * from there as its sources' do.
 */
const CACHE = new URL('../../node_modules/.cache/rendo-threads/', import.meta.url)

/**
 * A worker thread's TypeScript module as one plain JavaScript file, bundled with esbuild (its
 * packages stay imports). A thread that loaded TypeScript through tsx would start a module-hooks
 * thread of its own: measured on Node 20, a thread with tsx registered costs 36 MB of resident
 * memory against 9 MB for a plain one. The file is named by its content: processes running the
 * same code share it, and each writes it whole (a rename) before a thread can load it.
 */
export async function threadScript(module: URL): Promise<URL> {
	// Loaded here, not at the top: only a process that starts threads needs esbuild.
	const { build } = await import('esbuild')
	const { outputFiles } = await build({
		entryPoints: [fileURLToPath(module)],
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		packages: 'external',
		write: false,
		logLevel: 'silent',
	})
	const code = outputFiles[0].text
	const hash = createHash('sha1').update(code).digest('hex').slice(0, 12)
	const file = new URL(`${path.basename(module.pathname, '.ts')}-${hash}.mjs`, CACHE)
	if (!fs.existsSync(file)) {
		fs.mkdirSync(CACHE, { recursive: true })
		// Named for this writer alone: two pools (or processes) may bundle the same module at once.
		const partial = `${fileURLToPath(file)}.${randomBytes(6).toString('hex')}.partial`
		fs.writeFileSync(partial, code)
		fs.renameSync(partial, file)
	}
	return file
}

import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildDir } from './build-dir.ts'

const root = path.resolve(import.meta.dirname, '..')
const output = path.join(buildDir, 'server/index.js')
// What the Vite build reads: the web door, the browser-safe parts of core (schemas), assets, config.
const inputs = [
	'app',
	'core',
	'public',
	'vite.config.ts',
	'scripts/precompress-assets.ts',
	'scripts/route-folders.ts',
	'package-lock.json',
	'tsconfig.json',
]

function newestMtime(entry: string): number {
	const stat = fs.statSync(entry, { throwIfNoEntry: false })
	if (!stat) return 0
	if (!stat.isDirectory()) return stat.mtimeMs
	return fs
		.readdirSync(entry)
		.reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs)
}

export function buildIsStale() {
	const built = fs.statSync(output, { throwIfNoEntry: false })
	if (!built) return true
	return inputs.some((input) => newestMtime(path.join(root, input)) > built.mtimeMs)
}

/** Builds the web app with Vite when the build is missing or older than its sources. */
export async function ensureBuild() {
	if (!buildIsStale()) return
	console.log('Building the web app…')
	const result = spawnSync(path.join(root, 'node_modules/.bin/remix'), ['vite:build'], { cwd: root, stdio: 'inherit' })
	if (result.status !== 0) throw new Error('The web build failed (see above)')
}

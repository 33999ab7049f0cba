import path from 'node:path'
import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import type { ManualChunkMeta, WarningHandlerWithDefault } from 'rollup'
import { buildDir } from './scripts/build-dir.ts'
import { precompressAssets } from './scripts/precompress-assets.ts'
import { routeFolders } from './scripts/route-folders.ts'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

// The server bundle leaves core/, db/ and worker/ as imports resolved at run time (through tsx),
// so the web, the inline worker and the health check share one database pool and one config.
const sharedServerCode = /^#(core|db|worker)\//

/**
 * The browser's code in a few files, each a request a page makes on HTTP/1.1 (a round trip each on
 * a phone). Left to Rollup, the code came in one chunk per set of routes sharing it (react-dom with
 * Remix, React with the icons, each Radix primitive, zod, conform's parser, the button, the error
 * boundary...): 12 to 27 scripts on a public page. Now `framework` holds the libraries every page
 * runs, `shell` the app's code the root route imports (header, footer, toasts, error boundary, UI
 * primitives), `conform` what pages with forms render with, and `validation` (zod and conform's zod
 * adapter) what they check with: loaded by the page or, for the quick transform, when its form is
 * first used (app/utils/lazy-validation.ts).
 */
function browserChunks() {
	let shell: Set<string> | undefined
	/** Every module of ours that app/root.tsx imports, directly or not (static imports only). */
	function shellOf(getModuleInfo: ManualChunkMeta['getModuleInfo']) {
		const found = new Set<string>()
		const queue = [path.resolve('app/root.tsx')]
		for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
			if (found.has(id) || id.includes('/node_modules/') || id.startsWith('\0')) continue
			found.add(id)
			queue.push(...(getModuleInfo(id)?.importedIds ?? []))
		}
		return found
	}
	return (id: string, { getModuleInfo }: ManualChunkMeta) => {
		if (id.includes('/node_modules/')) {
			if (/\/node_modules\/(zod|@conform-to\/zod)\//.test(id)) return 'validation'
			if (id.includes('/node_modules/@conform-to/')) return 'conform'
			return 'framework'
		}
		shell ??= shellOf(getModuleInfo)
		return shell.has(id) ? 'shell' : undefined
	}
}

/**
 * Rollup's warnings, less one that says nothing is wrong: Remix gives every route a chunk in the
 * browser build, and a route with no component (a loader or action only: /logout, /files/..., the
 * API) has no browser code, so its chunk is empty. That was some 70 "Generated an empty chunk"
 * lines in every build; every other warning, and every error, still shows.
 */
const onwarn: WarningHandlerWithDefault = (warning, warn) => {
	if (warning.code === 'EMPTY_BUNDLE') return
	warn(warning)
}

export default defineConfig(({ isSsrBuild }) => ({
	plugins: [
		tailwindcss(),
		!process.env.VITEST &&
			remix({
				buildDirectory: buildDir,
				// Remix's own convention is off: routeFolders reads the area folders (app/routes/_studio+/, ...).
				ignoredRouteFiles: ['**/*'],
				routes: async (defineRoutes) => routeFolders(defineRoutes),
				future: {
					v3_fetcherPersist: true,
					v3_relativeSplatPath: true,
					v3_throwAbortReason: true,
					v3_singleFetch: true,
					v3_lazyRouteDiscovery: true,
					v3_routeConfig: false,
				},
				buildEnd: () => precompressAssets(path.join(buildDir, 'client/assets')),
			}),
	],
	build: {
		rollupOptions: isSsrBuild
			? { onwarn, external: (id: string) => sharedServerCode.test(id) }
			: { onwarn, output: { manualChunks: browserChunks() } },
	},
	server: { host: '127.0.0.1' },
	// Dev's dependency scan follows route files into server code; argon2's browser build is not installed.
	optimizeDeps: { exclude: ['@node-rs/argon2'] },
}))

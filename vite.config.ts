import path from 'node:path'
import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
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
			? { external: (id: string) => sharedServerCode.test(id) }
			: // The icons in one file: left to Rollup, each shared icon is its own chunk of half a kilobyte,
				// and a page made ten or twenty more requests for them (a round trip each on HTTP/1.1).
				{
					output: { manualChunks: (id: string) => (id.includes('/node_modules/lucide-react/') ? 'icons' : undefined) },
				},
	},
	server: { host: '127.0.0.1' },
	// Dev's dependency scan follows route files into server code; argon2's browser build is not installed.
	optimizeDeps: { exclude: ['@node-rs/argon2'] },
}))

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './tests/e2e/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 3210)
// A data folder of its own: the browser tests start the real embedded PostgreSQL from scratch.
// Set once in the main process; Playwright's workers inherit it instead of making their own.
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-e2e-')))
// PostgreSQL runs as its own system user and must be able to reach data/pg inside it.
fs.chmodSync(dataDir, 0o755)

// The second server (tests/e2e/openai-server.ts) stages through a model of OpenAI's API; its specs
// say so in their names. Set here, so Playwright's workers inherit it.
const openAiPort = port + 2
process.env.E2E_OPENAI_URL ??= `http://127.0.0.1:${openAiPort}`
const openAiDataDir = (process.env.E2E_OPENAI_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-e2e-openai-')))
fs.chmodSync(openAiDataDir, 0o755)

const noJavaScript = '**/*.no-js.spec.ts'
// Raw HTTP bodies, no page: once is enough.
const httpOnly = '**/limits.spec.ts'

/** A Rendo server with a data folder (and embedded PostgreSQL, on the next port) of its own. */
function appServer(entry: string, { port, dataDir }: { port: number; dataDir: string }) {
	return {
		command: `node --import tsx ${entry}`,
		url: `http://127.0.0.1:${port}/health`,
		timeout: 180_000,
		reuseExistingServer: false,
		// Stopped as an operator stops it, so it stops its embedded PostgreSQL too: the default (SIGKILL to the
		// process group) left the database of the run listening on its port, and the next run could not start.
		gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
		stdout: 'ignore' as const,
		stderr: 'pipe' as const,
		env: {
			PORT: String(port),
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			EMBEDDED_PG_PORT: String(port + 1),
			CEO_EMAIL: 'ceo@rendo.test',
			LOG_LEVEL: 'warn',
			// Stopped once the run is over, with no balancer polling /ready: no 5 s of serving on for one to notice.
			DRAIN_READY_GRACE_MS: '0',
			...(process.env.RENDO_BUILD_DIR && { RENDO_BUILD_DIR: process.env.RENDO_BUILD_DIR }),
		},
	}
}

export default defineConfig({
	testDir: './tests/e2e',
	// Parallel runs (RENDO_BUILD_DIR set) keep their traces apart: Playwright empties this folder.
	outputDir: process.env.RENDO_BUILD_DIR ? path.join(process.env.RENDO_BUILD_DIR, 'test-results') : 'test-results',
	timeout: 30_000,
	expect: { timeout: 10_000 },
	fullyParallel: true,
	workers: 2,
	reporter: 'list',
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		trace: 'retain-on-failure',
		launchOptions: { executablePath: chromiumPath() ?? undefined, args: chromiumArgs },
	},
	projects: [
		{ name: 'desktop', use: { ...devices['Desktop Chrome'] }, testIgnore: noJavaScript },
		{ name: 'mobile', use: { ...devices['Pixel 7'] }, testIgnore: [noJavaScript, httpOnly] },
		// The main journeys again as plain HTML forms: every screen's mutation must work before
		// (or without) its scripts. axe needs JavaScript, so these pages are scanned by the runs above.
		{ name: 'no-javascript', use: { ...devices['Desktop Chrome'], javaScriptEnabled: false }, testMatch: noJavaScript },
	],
	// Started one after the other: the first builds the web app when it is stale, the second finds it built.
	webServer: [
		appServer('server.ts', { port, dataDir }),
		appServer('tests/e2e/openai-server.ts', { port: openAiPort, dataDir: openAiDataDir }),
	],
})

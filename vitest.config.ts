import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: ['{app,core,cli,bot,worker,db,tests}/**/*.test.{ts,tsx}'],
		exclude: ['tests/e2e/**', 'node_modules/**'],
		globalSetup: ['tests/setup/global-postgres.ts'],
		setupFiles: ['tests/setup/test-env.ts', 'tests/setup/test-db.ts'],
		pool: 'forks',
		// Vitest's default is one fork fewer than the cores: a single file at a time on a 2-core machine, while
		// most files wait on child processes, PostgreSQL or the disk. Two forks keep both cores busy.
		maxWorkers: 2,
		// A test that takes images through the pipeline (decode, smaller copies, the segmentation's one thread,
		// the room check) waits for two cores shared with the other fork: 20 s timed such tests out on a loaded
		// machine. A timeout here only catches a hang; how fast things are is the benches' business.
		testTimeout: 60_000,
		hookTimeout: 60_000,
		env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
	},
})

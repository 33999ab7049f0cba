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
		testTimeout: 20_000,
		hookTimeout: 60_000,
		env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
	},
})

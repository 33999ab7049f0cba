import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: ['{app,core,cli,bot,worker,db,tests}/**/*.test.{ts,tsx}'],
		exclude: ['tests/e2e/**', 'node_modules/**'],
		globalSetup: ['tests/setup/global-postgres.ts'],
		setupFiles: ['tests/setup/test-env.ts', 'tests/setup/test-db.ts'],
		pool: 'forks',
		testTimeout: 20_000,
		hookTimeout: 60_000,
		env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
	},
})

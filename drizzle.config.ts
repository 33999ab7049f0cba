import { defineConfig } from 'drizzle-kit'

export default defineConfig({
	dialect: 'postgresql',
	schema: './db/schema/index.ts',
	out: './db/migrations',
	// only used by drizzle-kit commands that talk to a database (generate does not)
	dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost:5432/rendo' },
})

import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

// Each entry point starts its process when imported (and calls startDatabase first): the rest must
// load with no database yet, as the CLI loads them (its database starts when a command first needs it).
const ENTRY_POINTS = new Set(['bot/main.ts', 'worker/main.ts', 'cli/main.ts'])

const modules = ['core', 'bot', 'worker', 'cli']
	.flatMap((dir) =>
		fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
	)
	.filter((file) => /\.ts$/.test(file) && !/\.(test|d)\.ts$/.test(file) && !ENTRY_POINTS.has(file))

test('no module of core or the doors touches the database when imported', async () => {
	expect(modules.length).toBeGreaterThan(100)
	const url = process.env.DATABASE_URL
	// The client reads DATABASE_URL when something first uses it: unset, any use at import throws.
	delete process.env.DATABASE_URL
	const touching: string[] = []
	try {
		for (const file of modules)
			try {
				await import(path.join(root, file))
			} catch (error) {
				if (!/DATABASE_URL is not set/.test(String(error))) continue
				// The first frame outside the client is the module's own line that used it.
				const line = String((error as Error).stack)
					.split('\n')
					.find((frame) => frame.includes(root) && !frame.includes('core/platform/db.ts'))
				touching.push(`${file}: ${line?.trim().replace(root, '.')}`)
			}
	} finally {
		process.env.DATABASE_URL = url
	}
	expect(touching).toEqual([])
}, 120_000)

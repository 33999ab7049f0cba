import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

// Each door may import core/ and db/; core/ imports no door; no door imports another. The entry of
// each process composes the doors it runs (server.ts, worker/main.ts, bot/main.ts, and the CLI's
// main, worker and submit --wait), so those are the exceptions. Tests may reach anywhere.
const probes: Array<[file: string, imports: string, refused: boolean]> = [
	['core/probe.ts', '#app/utils/misc.ts', true],
	['core/studio/probe.ts', '../../bot/main.ts', true],
	['db/probe.ts', '#worker/runner.ts', true],
	['core/schema-probe.ts', '#db/schema/studio.ts', false],
	['app/probe.ts', '#bot/start.ts', true],
	['app/routes/probe.ts', '#cli/main.ts', true],
	['app/core-probe.ts', '#core/platform/db.ts', false],
	['bot/probe.ts', '#app/utils/misc.ts', true],
	['bot/runner-probe.ts', '#worker/runner.ts', true],
	['bot/main.ts', '#worker/runner.ts', false],
	['worker/tasks/probe.ts', '#bot/gateway.ts', true],
	['worker/main.ts', '#bot/gateway-provider.ts', false],
	['cli/probe.ts', '#worker/tasks.ts', true],
	['cli/app-probe.ts', '#app/utils/misc.ts', true],
	['cli/submit.ts', '#worker/runner.ts', false],
	['core/probe.test.ts', '#app/utils/misc.ts', false],
]

test('the linter refuses an import across the doors, and only there', async () => {
	// A copy of the configuration over probe files alone, so the real tree is never written to.
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-boundaries-'))
	try {
		fs.copyFileSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'))
		for (const [file, imports] of probes) {
			fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true })
			fs.writeFileSync(path.join(dir, file), `export { probe } from '${imports}'\n`)
		}
		const biome = path.join(root, 'node_modules/.bin/biome')
		const args = ['lint', '--vcs-enabled=false', '--only=style/noRestrictedImports', '--reporter=github', '.']
		const output = await promisify(execFile)(biome, args, { cwd: dir }).then(
			(done) => done.stdout,
			(failed: { stdout: string }) => failed.stdout,
		)
		const refused = new Set(
			[...output.matchAll(/noRestrictedImports,file=([^,]+),/g)].map((m) => path.relative(dir, m[1])),
		)
		const verdicts = probes.map(([file, imports]) => [file, imports, refused.has(file)])
		expect(verdicts).toEqual(probes)
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

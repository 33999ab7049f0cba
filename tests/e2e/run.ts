/**
 * Runs the browser tests when a Chromium is installed. Without one they are skipped with a loud
 * line, unless E2E_REQUIRED=1 (CI), where a missing browser fails the run.
 */
import { spawnSync } from 'node:child_process'
import { chromiumPath } from './chromium.ts'

if (!chromiumPath()) {
	const line =
		'!!! BROWSER TESTS SKIPPED: no Chromium at /usr/bin/chromium or $CHROME_PATH (apt-get install chromium) !!!'
	console.error(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`)
	process.exit(process.env.E2E_REQUIRED === '1' ? 1 : 0)
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(result.status ?? 1)

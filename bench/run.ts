/**
 * `npm run bench`: runs every bench/*.bench.ts in turn, each in a process of its own so one
 * benchmark's memory and JIT state never colour the next one's figures. `npm run bench -- studio`
 * runs only the files whose name contains "studio".
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const dir = import.meta.dirname
const filter = process.argv[2] ?? ''
const files = fs
	.readdirSync(dir)
	.filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
	.sort()
let failed = 0
for (const file of files) {
	console.log(`\n=== ${file}`)
	const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' })
	if (result.status !== 0) failed++
}
process.exit(failed ? 1 : 0)

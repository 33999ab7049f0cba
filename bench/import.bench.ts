/**
 * `rendo import` of a generated CSV of 200 properties × 5 photos (1000 rows, 2-MP JPEGs), run as
 * the real command against a running PostgreSQL (as with a server up or DATABASE_URL set):
 *  1. --dry-run: the whole command, process start included (target: under 2 s);
 *  2. the real import, renders queued and not waited for, beside the bare cost of the photos'
 *     own work (header check, upright re-encode without metadata, thumbnail, storing) for the
 *     same 1000 photos, measured on a sample: the import should be close to it, not to round trips;
 *  3. the same file again: everything skipped, nothing duplicated.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres } from '#core/platform/embedded-postgres.ts'
import { ensureDatabase, migrateDatabase } from '#core/platform/migrate.ts'
import { writeBulkImport } from '#tests/fixtures/import-csv.ts'

const PROPERTIES = 200
const PHOTOS = 5
const ROWS = PROPERTIES * PHOTOS
const SAMPLE = 20

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-bench-import-'))
fs.chmodSync(dir, 0o755)
const port = 20000 + Math.floor(Math.random() * 20000)
const cluster = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port, password: 'bench' })
const databaseUrl = cluster.url('rendo')
await ensureDatabase(databaseUrl)
await migrateDatabase(databaseUrl)
const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' }

function rendo(args: string[], stdin = '') {
	return new Promise<{ ms: number; stdout: string; stderr: string; code: number | null }>((resolve) => {
		const started = performance.now()
		const child = spawn(process.execPath, ['cli/bin.js', ...args], { env })
		let stdout = ''
		let stderr = ''
		child.stdout.on('data', (d) => (stdout += d))
		child.stderr.on('data', (d) => (stderr += d))
		child.stdin.end(stdin)
		child.on('exit', (code) => resolve({ ms: performance.now() - started, stdout, stderr, code }))
	})
}

async function mustRun(args: string[], stdin = '') {
	const result = await rendo(args, stdin)
	if (result.code !== 0) throw new Error(`rendo ${args.join(' ')} failed (${result.code}): ${result.stderr}`)
	return result
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const report = (name: string, value: string, note = '') => console.log(`${name}: ${value}${note ? `  (${note})` : ''}`)

/** The photos' own work in the import, without the database: what storeOriginal does, per photo. */
async function barePhotoCost(photo: string) {
	const [{ inspectImage, storeOriginal, removeOriginal }, { photoFileProblem }] = await Promise.all([
		import('#core/studio/original-image.ts'),
		import('#core/studio/photo-file.ts'),
	])
	const started = performance.now()
	for (let i = 0; i < SAMPLE; i++) {
		await photoFileProblem(photo)
		await inspectImage(photo)
		await storeOriginal(photo, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
	}
	const perPhoto = (performance.now() - started) / SAMPLE
	for (let i = 0; i < SAMPLE; i++) await removeOriginal(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
	return perPhoto
}

try {
	const csv = await writeBulkImport(dir, {
		properties: PROPERTIES,
		photosPerProperty: PHOTOS,
		width: 1600,
		height: 1200,
	})
	const photoBytes = fs.readdirSync(path.join(dir, 'photos')).map((f) => fs.statSync(path.join(dir, 'photos', f)).size)
	report(
		'CSV',
		`${ROWS} rows, ${PROPERTIES} properties × ${PHOTOS} photos`,
		`1600×1200 JPEGs of ~${Math.round(photoBytes.reduce((a, b) => a + b) / photoBytes.length / 1024)} KB`,
	)
	await mustRun(['users', 'create-admin', '--email', 'bench@rendo.test', '--password-stdin'], 'bench-password\n')
	const as = ['--as', 'bench@rendo.test']

	const dryRuns = []
	for (let i = 0; i < 3; i++) dryRuns.push((await mustRun(['import', csv, ...as, '--dry-run', '--json'])).ms)
	const bestDry = Math.min(...dryRuns)
	report(
		'dry run, whole command',
		seconds(bestDry),
		`best of 3: ${dryRuns.map(seconds).join(', ')}; target under 2 s ${bestDry < 2000 ? 'met' : 'MISSED'}`,
	)

	const real = await mustRun(['import', csv, ...as, '--json'])
	const summary = JSON.parse(real.stdout)
	report(
		'real import',
		seconds(real.ms),
		`${summary.projectsCreated} projects, ${summary.roomsAdded} rooms, ${summary.rendersQueued} renders queued; ${(ROWS / (real.ms / 1000)).toFixed(0)} rows/s`,
	)

	process.env.DATA_DIR = path.join(dir, 'bare')
	const perPhoto = await barePhotoCost(path.join(dir, 'photos', 'kitchen.jpg'))
	const bare = perPhoto * ROWS
	report(
		'photos alone (check + store)',
		seconds(bare),
		`${perPhoto.toFixed(1)} ms per photo × ${ROWS}, measured on ${SAMPLE}`,
	)
	report(
		'import ÷ photos alone',
		(real.ms / bare).toFixed(2),
		'the rest is process start, CSV checks and batched inserts',
	)

	const rerun = await mustRun(['import', csv, ...as, '--json'])
	const again = JSON.parse(rerun.stdout)
	report('same file again', seconds(rerun.ms), `${again.rowsSkipped} rows skipped, ${again.roomsAdded} rooms added`)

	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	const { rows } = await client.query(
		`select (select count(*) from property_studio_projects)::int as projects, (select count(*) from property_studio_rooms)::int as rooms,
		 (select count(*) from property_studio_variations)::int as variations, (select count(*) from graphile_worker.jobs)::int as jobs`,
	)
	await client.end()
	report('rows in the database', JSON.stringify(rows[0]))
} finally {
	await cluster.stop()
	fs.rmSync(dir, { recursive: true, force: true })
}

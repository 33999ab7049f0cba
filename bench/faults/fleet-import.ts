/**
 * What the vendor faults' benches (result-url-expired, slow-vendor) share: a bulk import of
 * `properties` × 10 photos (one style, three variations each: as bench/fleet.bench.ts makes it)
 * started through `rendo import` against a fleet, and the fleet's renders counted as the fault rows
 * count them.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { writeBulkImport } from '#tests/fixtures/import-csv.ts'
import type { Fleet } from '#tests/fleet.ts'
import { signUp } from '#tests/studio-client.ts'

export const PHOTOS_PER_PROPERTY = 10
export const VARIATIONS = 3

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A CSV of `properties` × 10 rooms and its photos (1600×1200) in a folder of its own; `remove` cleans up. */
export async function importCsv(properties: number) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-fault-import-'))
	const csv = await writeBulkImport(dir, { properties, photosPerProperty: PHOTOS_PER_PROPERTY })
	return { csv, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** An agent signed up on the fleet's first web, importing the CSV; the import runs on while the caller watches. */
export async function startImport(fleet: Fleet, csv: string) {
	const importer = await signUp(fleet.webs()[0].url)
	const done = fleet.rendo(['import', csv, '--as', importer.email, '--json']).then((run) => {
		if (run.code !== 0) throw new Error(`rendo import failed: ${run.stderr}`)
	})
	// Watched, so a failed import is reported when the caller awaits it, not as an unhandled rejection.
	done.catch(() => {})
	return { importer, done }
}

/** The fleet's staging requests by state, and the images delivered. */
export async function renderCounts(fleet: Fleet) {
	const { rows } = await fleet.sql.query<{ state: string; n: number }>(
		'select state, count(*)::int as n from staging_renders group by state',
	)
	const { rows: images } = await fleet.sql.query<{ n: number }>(
		"select count(*)::int as n from property_studio_variations where status = 'completed'",
	)
	const states: Record<string, number> = Object.fromEntries(rows.map((r) => [r.state, r.n]))
	const total = Object.values(states).reduce((sum, n) => sum + n, 0)
	return { states, total, images: images[0].n }
}

/** Every one of at least `requests` staging requests has ended, delivered or failed. */
export function allSettled(counts: Awaited<ReturnType<typeof renderCounts>>, requests: number) {
	const ended = (counts.states.delivered ?? 0) + (counts.states.failed ?? 0)
	return counts.total >= requests && ended >= counts.total
}

/**
 * Vendor renders paid for beyond one a request: the vendor's creates less the renders the requests
 * hold, and less the requests still being submitted (a create whose answer was not recorded is
 * adopted when its job comes back, not sent again). Read with the workers stopped, or after every
 * request settled, so that no create is on its way between the vendor and its row.
 */
export async function paidTwice(fleet: Fleet) {
	const { rows } = await fleet.sql.query<{ held: number; submitting: number }>(
		`select count(distinct provider_render_id)::int as held,
			count(*) filter (where state = 'submitting' and provider_render_id is null)::int as submitting
		from staging_renders`,
	)
	return Math.max(0, (await fleet.vendor.state()).creates - rows[0].held - rows[0].submitting)
}

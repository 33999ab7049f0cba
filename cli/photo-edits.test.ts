import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { propertyStudioProjects, propertyStudioRooms } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'
import { PREVIEW_CANNOT_EDIT } from '#core/render/local-preview.ts'
import { TWILIGHT_INDOORS } from '#core/studio/studio.schema.ts'
import { rendo, rendoJson } from '#tests/cli.ts'
import { insertUser } from '#tests/factories.ts'
import { csvLine, IMPORT_HEADER, writeRoomPhoto } from '#tests/fixtures/import-csv.ts'

// Twilight and Enhance from the command line: refused in one line before any upload where the
// provider makes no photo edits (the local preview, this file's default), queued where it does.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-photo-edits-test-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/**
 * OpenAI configured in the child: submitting only queues the renders (no --wait, no worker), so
 * the address is never called.
 */
const OPENAI = { RENDER_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test-openai', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }

async function photo(name: string, seed = 1) {
	const file = path.join(work, name)
	await writeRoomPhoto(file, { seed })
	return file
}

const roomsOf = (projectId: string) =>
	db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, projectId))

async function newProject(agent: { email: string }, address: string) {
	return rendoJson<{ id: string }>(['projects', 'create', '--as', agent.email, '--address', address])
}

test('submit --twilight or --enhance with the local preview: one line, exit 2, nothing uploaded', async () => {
	const agent = await insertUser({ role: 'agent' })
	const project = await newProject(agent, '1 Dusk Lane, Leeds')
	const front = await photo('front-exterior.jpg')

	for (const flags of [['--twilight'], ['--enhance'], ['--style', 'modern', '--enhance', '--twilight']]) {
		const result = await rendo(['submit', project.id, front, ...flags])
		expect(result.code, flags.join(' ')).toBe(2)
		expect(result.stderr.trim().split('\n')).toEqual([`rendo: styles: ${PREVIEW_CANNOT_EDIT}`])
		expect(result.stdout).toBe('')
	}
	expect(await roomsOf(project.id)).toEqual([])
}, 60_000)

test('with OpenAI configured, --twilight and --enhance are queued beside the styles; twilight of a kitchen is warned of', async () => {
	const agent = await insertUser({ role: 'agent' })
	const project = await newProject(agent, '2 Dusk Lane, Leeds')
	const kitchen = await photo('kitchen.jpg', 2)
	const front = await photo('front.jpg', 3)

	const inside = await rendo(
		['submit', project.id, kitchen, '--twilight', '--enhance', '--style', 'modern', '--json'],
		{
			env: OPENAI,
		},
	)
	expect(inside.code).toBe(0)
	expect(inside.stderr.trim().split('\n')).toEqual([`rendo: photo ${kitchen}: ${TWILIGHT_INDOORS}`])
	expect(JSON.parse(inside.stdout).rooms).toMatchObject([{ roomType: 'kitchen', queued: 9 }])

	const outside = await rendo(['submit', project.id, front, '--twilight', '--room', 'exterior', '--json'], {
		env: OPENAI,
	})
	expect(outside.code).toBe(0)
	expect(outside.stderr).toBe('')
	expect(JSON.parse(outside.stdout).rooms).toMatchObject([{ roomType: 'exterior', queued: 3 }])

	const rooms = await roomsOf(project.id)
	expect(rooms.map((r) => [r.roomType, r.selectedStyles]).sort()).toEqual([
		['exterior', ['twilight']],
		['kitchen', ['modern', 'twilight', 'enhance']],
	])
}, 60_000)

async function importFile(name: string, rows: string[][]) {
	const dir = path.join(work, name)
	fs.mkdirSync(dir, { recursive: true })
	for (const [i, file] of ['front.jpg', 'kitchen.jpg', 'lounge.jpg'].entries())
		await writeRoomPhoto(path.join(dir, file), { seed: i + 1 })
	const csv = path.join(dir, 'import.csv')
	fs.writeFileSync(csv, `${[IMPORT_HEADER, ...rows].map(csvLine).join('\n')}\n`)
	return csv
}

const projectsOf = (userId: string) =>
	db.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.userId, userId))

test('import: twilight and enhance in the styles column are refused per row with the local preview, before anything is written', async () => {
	const agent = await insertUser({ role: 'agent' })
	const csv = await importFile('preview-import', [
		['5 Evening Road', '', '', 'front.jpg', 'exterior', 'twilight;enhance'],
		['5 Evening Road', '', '', 'kitchen.jpg', '', 'modern'],
		['5 Evening Road', '', '', 'lounge.jpg', '', 'enhance modern'],
	])
	const result = await rendo(['import', csv, '--as', agent.email])
	expect(result.code).toBe(2)
	expect(result.stderr.trim().split('\n')).toEqual([
		`line 2: ${PREVIEW_CANNOT_EDIT}`,
		`line 4: ${PREVIEW_CANNOT_EDIT}`,
		`rendo: 2 bad rows in ${csv}: nothing was imported`,
	])
	expect(await projectsOf(agent.id)).toEqual([])

	// Asked for every row with --style: said once, as the option's problem.
	const byOption = await rendo(['import', csv, '--as', agent.email, '--style', 'twilight', '--dry-run'])
	expect(byOption.code).toBe(2)
	expect(byOption.stderr.trim().split('\n')).toEqual([`rendo: styles: ${PREVIEW_CANNOT_EDIT}`])
}, 60_000)

test('import with OpenAI configured: twilight and enhance accepted, twilight of an inside room warned of by line', async () => {
	const agent = await insertUser({ role: 'agent' })
	const csv = await importFile('openai-import', [
		['6 Evening Road', '', '', 'front.jpg', 'exterior', 'twilight;enhance'],
		['6 Evening Road', '', '', 'kitchen.jpg', '', 'twilight'],
		['6 Evening Road', '', '', 'lounge.jpg', '', 'modern'],
	])
	const result = await rendo(['import', csv, '--as', agent.email, '--json'], { env: OPENAI })
	expect(result.code).toBe(0)
	expect(result.stderr.trim().split('\n')).toEqual([`line 3: ${TWILIGHT_INDOORS}`])
	expect(JSON.parse(result.stdout)).toMatchObject({ projectsCreated: 1, roomsAdded: 3, rendersQueued: 12 })
	const [project] = await projectsOf(agent.id)
	const rooms = await roomsOf(project.id)
	expect(rooms.map((r) => [r.roomName, r.roomType, r.selectedStyles]).sort()).toEqual([
		['front', 'exterior', ['twilight', 'enhance']],
		['kitchen', 'kitchen', ['twilight']],
		['lounge', 'living', ['modern']],
	])
}, 60_000)

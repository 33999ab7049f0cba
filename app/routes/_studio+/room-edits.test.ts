import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { insertUser } from '#tests/factories.ts'
import { dataOf, formOf, postProjectAction, redirectOf } from '#tests/project-action.ts'
import { getRequest } from '#tests/request.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import { cookieFor } from '#tests/studio.ts'
import { insideOutline, type Outline } from '#core/edits/outline.ts'
import { STROKES_UNREADABLE } from '#core/edits/edit.schema.ts'
import { PREVIEW_WALLS_ONLY } from '#core/render/local-preview.ts'
import { loader } from './property-studio.$id.tsx'
import { loader as outlineLoader } from './property-studio.rooms.$roomId.outlines.$objectId.ts'

// The gallery's item removal and renovation, posted to the project page as its edit panel posts
// them: through the workflow's fetcher (data, no redirect) and as a plain form (a redirect back to
// the gallery), on pair 36's furnished photo (a lamp and a plant beside the sofa).

const PHOTO = fs.readFileSync(path.join(import.meta.dirname, '../../../tests/fixtures/real-staging/36-before.jpg'))

async function furnishedRoom() {
	const { project, room } = await roomWithPhoto({ photo: PHOTO })
	return { project, room, cookie: await cookieFor({ id: project.userId }) }
}

const editQuery = (kind: string, roomId: string) => `step=results&intent=edit-room&edit=${kind}&room=${roomId}`

test('the panel the address opens lists what the photo shows, with what the local preview can renovate', async () => {
	const { project, room, cookie } = await furnishedRoom()
	const page = (await loader({
		request: getRequest(`/property-studio/${project.id}?step=results&edit=remove&room=${room.id}`, { cookie }),
		params: { id: project.id },
		context: {},
	})) as { editPanel: { kind: string; objects: Array<{ id: string; name: string }>; surfaces: unknown[] } }
	expect(page.editPanel.kind).toBe('remove')
	expect(page.editPanel.objects.map((o) => o.name)).toEqual(expect.arrayContaining(['lamp', 'plant']))
	expect(page.editPanel).toMatchObject({
		surfaces: expect.arrayContaining([
			expect.objectContaining({ name: 'walls', renovatable: true }),
			expect.objectContaining({ name: 'floor', renovatable: false }),
		]),
		notRenovatable: PREVIEW_WALLS_ONLY,
	})
	// Another project's room opens nothing.
	const other = await roomWithPhoto()
	const elsewhere = (await loader({
		request: getRequest(`/property-studio/${project.id}?step=results&edit=remove&room=${other.room.id}`, { cookie }),
		params: { id: project.id },
		context: {},
	})) as { editPanel: unknown }
	expect(elsewhere.editPanel).toBeNull()
}, 60_000)

test("core's refusals come back on the panel's form, in its words, and nothing is queued", async () => {
	const { project, room, cookie } = await furnishedRoom()
	const refused = async (kind: string, fields: Record<string, string | string[]>) =>
		dataOf(
			await postProjectAction(cookie, project.id, editQuery(kind, room.id), formOf({ roomId: room.id, ...fields })),
		)

	const nothing = await refused('remove', { kind: 'remove' })
	expect(nothing).toEqual({
		status: 400,
		body: { result: { status: 'error', error: { remove: ['Select at least one thing to remove'] } } },
	})
	const piano = await refused('remove', { kind: 'remove', remove: 'piano' })
	expect(piano.status).toBe(400)
	expect(piano.body).toMatchObject({
		result: { error: { remove: [expect.stringMatching(/^There is no 'piano' in this photo \(it has: .*lamp/)] } },
	})
	// The local preview repaints walls only: a floor is refused before anything is made.
	const floor = await refused('renovate', {
		kind: 'renovate',
		surface: ['walls', 'floor'],
		'becomes.walls': '#d8d2c4',
		'becomes.floor': 'oak',
	})
	expect(floor.body).toMatchObject({ result: { error: { renovate: [PREVIEW_WALLS_ONLY] } } })
	const colour = await refused('renovate', {
		kind: 'renovate',
		surface: 'walls',
		'becomes.walls': 'other',
		'other.walls': 'blue',
	})
	expect(colour.body).toMatchObject({
		result: { error: { renovate: ['Walls must be a colour like #d8d2c4'] } },
	})
	// A room of another project is not this page's to edit.
	const other = await roomWithPhoto()
	const stray = dataOf(
		await postProjectAction(
			cookie,
			project.id,
			editQuery('remove', other.room.id),
			formOf({ roomId: other.room.id, kind: 'remove', remove: 'lamp' }),
		),
	)
	expect(stray).toEqual({ status: 400, body: { result: { status: 'error', error: { '': ['Room not found'] } } } })
	expect(await stagingRowsOf(room.id)).toEqual([])
	expect(await variationsOf(other.room.id)).toEqual([])
}, 60_000)

test('a stranger cannot post an edit to the project', async () => {
	const { project, room } = await furnishedRoom()
	const stranger = await cookieFor(await insertUser({ role: 'agent' }))
	await expect(
		postProjectAction(
			stranger,
			project.id,
			editQuery('remove', room.id),
			formOf({ roomId: room.id, kind: 'remove', remove: 'lamp' }),
		),
	).rejects.toMatchObject({ init: { status: 404 } })
	expect(await stagingRowsOf(room.id)).toEqual([])
})

test('a picked lamp is one request however often it is posted; a plain form goes back to the gallery', async () => {
	const { project, room, cookie } = await furnishedRoom()
	const lamp = () => formOf({ roomId: room.id, kind: 'remove', remove: 'lamp' })
	const first = dataOf(await postProjectAction(cookie, project.id, editQuery('remove', room.id), lamp()))
	expect(first.status).toBe(200)
	expect(first.body).toMatchObject({
		result: { status: 'success' },
		variation: { roomId: room.id, style: 'remove', status: 'pending' },
	})
	// Posted again (a double click, a retried request): the same variation, no second request.
	const again = dataOf(await postProjectAction(cookie, project.id, editQuery('remove', room.id), lamp()))
	expect((again.body.variation as { id: string }).id).toBe((first.body.variation as { id: string }).id)
	const rows = await stagingRowsOf(room.id)
	expect(rows).toHaveLength(1)
	expect(rows[0].scope).toMatchObject({ kind: 'remove', objects: ['lamp'] })

	// Walls in a swatch's colour, as a plain form posts it: back to the gallery with what is on its way.
	const walls = formOf({
		roomId: room.id,
		kind: 'renovate',
		surface: 'walls',
		'becomes.walls': '#7A9CB8',
		next: 'results',
	})
	const plain = await postProjectAction(cookie, project.id, editQuery('renovate', room.id), walls)
	expect(redirectOf(plain)).toBe(`/property-studio/${project.id}?step=results`)
	const renovation = (await stagingRowsOf(room.id)).find((r) => r.scope?.kind === 'renovate')
	expect(renovation?.scope).toMatchObject({ surfaces: [{ name: 'walls', becomes: '#7a9cb8' }] })
	expect((await variationsOf(room.id)).map((v) => v.style).sort()).toEqual(['remove', 'renovate'])
}, 60_000)

test("the brush's strokes go with the form: alone they are enough; malformed, out of the photo or too many, refused in the schema's words", async () => {
	const { project, room, cookie } = await furnishedRoom()
	const post = async (strokes: string) =>
		dataOf(
			await postProjectAction(
				cookie,
				project.id,
				editQuery('remove', room.id),
				formOf({ roomId: room.id, kind: 'remove', strokes }),
			),
		)
	const errorsOf = (answer: { body: Record<string, unknown> }) =>
		(answer.body.result as { error: Record<string, string[]> }).error

	const garbled = await post('[{"points": [[0.3')
	expect(garbled.status).toBe(400)
	expect(errorsOf(garbled).strokes).toEqual([STROKES_UNREADABLE])
	const outside = await post(JSON.stringify([{ points: [[1.5, 0.3]], radius: 0.02 }]))
	expect(outside.status).toBe(400)
	expect(errorsOf(outside).strokes).toEqual(['A stroke must stay on the photo'])
	const dot = { points: [[0.33, 0.3]], radius: 0.01 }
	const many = await post(JSON.stringify(Array.from({ length: 51 }, () => dot)))
	expect(errorsOf(many)).toEqual({ strokes: ['Draw at most 50 strokes'] })
	// An eraser alone takes nothing away from nothing.
	const erased = await post(JSON.stringify([{ ...dot, erase: true }]))
	expect(errorsOf(erased)).toEqual({ remove: ['Select at least one thing to remove'] })
	expect(await stagingRowsOf(room.id)).toEqual([])

	// A stroke over the lamp's shade, nothing ticked: one removal, its mask where the stroke went.
	const painted = await post(
		JSON.stringify([
			{
				points: [
					[0.3, 0.29],
					[0.36, 0.29],
				],
				radius: 0.02,
			},
		]),
	)
	expect(painted.status).toBe(200)
	const [row] = await stagingRowsOf(room.id)
	expect(row.scope).toMatchObject({ kind: 'remove', objects: [] })
	expect(row.scopeMaskKey).toMatch(/^rooms\/.+\/edits\/[0-9a-f]{40}\.png$/)
}, 60_000)

test("an object's outline along the photo's edges, for the panel's first pick: the room's owner's alone", async () => {
	const { room, cookie } = await furnishedRoom()
	const outlineOf = (objectId: string, who = cookie) =>
		outlineLoader({
			request: getRequest(`/property-studio/rooms/${room.id}/outlines/${objectId}`, { cookie: who }),
			params: { roomId: room.id, objectId },
			context: {},
		})
	const answer = await outlineOf('lamp')
	expect(answer.status).toBe(200)
	expect(answer.headers.get('cache-control')).toBe('private, max-age=300')
	const { outline } = (await answer.json()) as { outline: Outline }
	// The hanging lamp's shade, about a tenth of the photo across, a third of the way in.
	expect(outline.length).toBeGreaterThan(0)
	expect(insideOutline(outline, 0.33, 0.29)).toBe(true)
	expect(insideOutline(outline, 0.6, 0.29)).toBe(false)

	expect((await outlineOf('piano')).status).toBe(404)
	const stranger = await cookieFor(await insertUser({ role: 'agent' }))
	expect((await outlineOf('lamp', stranger)).status).toBe(403)
}, 60_000)

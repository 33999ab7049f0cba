import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { actorFor, insertUser } from '#tests/factories.ts'
import { getRequest } from '#tests/request.ts'
import { cookieFor, smallRoomPhoto } from '#tests/studio.ts'
import { dataOf, formOf, postProjectAction, redirectOf } from '#tests/project-action.ts'
import { readBytes } from '#core/platform/storage.ts'
import { createProject } from '#core/studio/projects.ts'
import { listRooms } from '#core/studio/rooms.ts'
import { confirmRoomTypes } from '#core/studio/confirm-rooms.ts'
import { listVariations } from '#core/studio/variations.ts'
import { loader } from './property-studio._index.tsx'
import { loader as projectLoader } from './property-studio.$id.tsx'

async function studioFor(role: 'agent' | 'admin') {
	const cookie = await cookieFor(await insertUser({ role }))
	const answer = (await loader({ request: getRequest('/property-studio', { cookie }), params: {}, context: {} })) as {
		previewMode: boolean
	}
	return answer.previewMode
}

test('with only the local preview configured, the studio tells staff how to turn a provider on, and not agents', async () => {
	expect(await studioFor('admin')).toBe(true)
	expect(await studioFor('agent')).toBe(false)
})

// The project page's own actions: each intent as a plain form would post it (a redirect to the
// next ?step=) and as the workflow's fetchers do (data, no redirect).

async function agentWithProject() {
	const user = await insertUser({ role: 'agent' })
	const actor = actorFor(user)
	const project = await createProject(actor, { propertyAddress: '9 Harbour Row, Falmouth' })
	return { actor, project, cookie: await cookieFor(user) }
}

async function photos(...names: string[]) {
	const bytes = new Uint8Array(await smallRoomPhoto())
	const body = new FormData()
	for (const name of names) body.append('photos', new Blob([bytes], { type: 'image/jpeg' }), name)
	return body
}

// Real photos (tests/fixtures/rooms, an empty room of tests/fixtures/real-staging), under names that say nothing.
const fixture = (file: string, name: string) =>
	new File([fs.readFileSync(path.join(import.meta.dirname, '../../../tests/fixtures', file))], name, {
		type: 'image/jpeg',
	})

test('a plain form uploads several photos, typed by what each shows, then confirms their room types', async () => {
	const { actor, project, cookie } = await agentWithProject()
	const body = new FormData()
	body.append('photos', fixture('rooms/bedroom-01.jpg', 'IMG_4521.jpg'))
	body.append('photos', fixture('real-staging/13-before.jpg', 'IMG_4522.jpg'))
	body.set('hasFurniture', 'on')
	body.set('next', 'room-confirmation')
	const uploaded = await postProjectAction(cookie, project.id, 'step=upload&intent=upload', body)
	expect(redirectOf(uploaded)).toBe(`/property-studio/${project.id}?step=room-confirmation`)
	const rooms = await listRooms(actor, project.id)
	// The bedroom as its bed shows; the empty room with no guess (a stand-in type the agent replaces).
	expect(rooms.map((r) => [r.roomType, r.roomTypeBy, r.roomName, r.hasFurniture])).toEqual([
		['bedroom', 'photo', 'Bedroom', true],
		['living', 'nobody', null, true],
	])
	// A jump to the styles by address: the room nobody typed is not rendered as its stand-in type.
	const jumped = dataOf(
		await postProjectAction(
			cookie,
			project.id,
			'step=style-selection&intent=process',
			formOf({ choices: `${rooms[1].id}:modern` }),
		),
	)
	expect(jumped.status).toBe(400)
	expect(JSON.stringify(jumped.body.result)).toContain(
		'Failed to process Photo 2 with Modern style: Select a room type',
	)
	expect(await listVariations(actor, project.id)).toEqual([])

	const confirmed = await postProjectAction(
		cookie,
		project.id,
		'step=room-confirmation&intent=confirm-rooms',
		formOf({
			'rooms[0].id': rooms[0].id,
			'rooms[0].roomType': 'bedroom',
			'rooms[1].id': rooms[1].id,
			'rooms[1].roomType': 'dining',
			'rooms[1].hasFurniture': 'false',
		}),
	)
	expect(redirectOf(confirmed)).toBe(`/property-studio/${project.id}?step=style-selection`)
	expect(
		(await listRooms(actor, project.id)).map((r) => [r.roomType, r.roomTypeBy, r.roomName, r.hasFurniture]),
	).toEqual([
		['bedroom', 'agent', 'Bedroom', true],
		['dining', 'agent', 'Dining Room', false],
	])
})

test('a photo is taken back before it is staged; a file that is no photo, or none, is refused', async () => {
	const { actor, project, cookie } = await agentWithProject()
	await postProjectAction(cookie, project.id, 'step=upload&intent=upload', await photos('IMG_0042.jpg'))
	const [room] = await listRooms(actor, project.id)
	const removed = dataOf(
		await postProjectAction(cookie, project.id, 'step=upload&intent=remove-photo', formOf({ roomId: room.id })),
	)
	expect(removed.body).toEqual({ removed: room.id })
	expect(await listRooms(actor, project.id)).toEqual([])
	expect(await readBytes(`rooms/${room.id}/original.jpg`)).toBeNull() // and its files

	// A file that is not a photo is named in the plain form's answer; nothing is kept of it.
	const bad = formOf({ next: 'room-confirmation' })
	bad.append('photos', new Blob([new TextEncoder().encode('Shopping list')], { type: 'image/jpeg' }), 'notes.jpg')
	const refused = dataOf(await postProjectAction(cookie, project.id, 'step=upload&intent=upload', bad))
	expect(refused.status).toBe(400)
	expect(JSON.stringify(refused.body.result)).toContain(
		'Failed to upload image notes.jpg: Please upload a JPG, PNG or WebP image',
	)
	expect(refused.body.rooms).toEqual([])

	const empty = dataOf(
		await postProjectAction(cookie, project.id, 'step=upload&intent=upload', formOf({ next: 'room-confirmation' })),
	)
	expect(empty.status).toBe(400)
	expect(JSON.stringify(empty.body.result)).toContain('Please select an image to upload')
})

test('processing posts every ticked room and style at once; none ticked is refused in the page', async () => {
	const { actor, project, cookie } = await agentWithProject()
	const body = await photos('living-room.jpg')
	body.set('next', 'room-confirmation')
	await postProjectAction(cookie, project.id, 'step=upload&intent=upload', body)
	const [uploaded] = await listRooms(actor, project.id)
	const [room] = await confirmRoomTypes(actor, project.id, { rooms: [{ id: uploaded.id, roomType: 'living' }] })

	const none = dataOf(await postProjectAction(cookie, project.id, 'step=style-selection&intent=process', formOf({})))
	expect(none.status).toBe(400)
	expect(JSON.stringify(none.body.result)).toContain('Select at least one style')

	const started = await postProjectAction(
		cookie,
		project.id,
		'step=style-selection&intent=process',
		formOf({ choices: [`${room.id}:modern`, `${room.id}:luxury`] }),
	)
	expect(redirectOf(started)).toBe(`/property-studio/${project.id}?step=processing`)
	const variations = await listVariations(actor, project.id)
	expect(variations.map((v) => v.style).sort()).toEqual(['luxury', 'luxury', 'luxury', 'modern', 'modern', 'modern'])

	// A heart: a plain form is sent back to its step, a fetcher gets the variation.
	const plain = await postProjectAction(
		cookie,
		project.id,
		'step=results&intent=favorite',
		formOf({ variationId: variations[0].id, isFavorite: 'true', next: 'results' }),
	)
	expect(redirectOf(plain)).toBe(`/property-studio/${project.id}?step=results`)
	const fetched = dataOf(
		await postProjectAction(
			cookie,
			project.id,
			'step=results&intent=favorite',
			formOf({ variationId: variations[0].id, isFavorite: 'false' }),
		),
	)
	expect(fetched.body.variation).toMatchObject({ id: variations[0].id, isFavorite: false })
})

test("another agent's project takes no posts", async () => {
	const { project } = await agentWithProject()
	const stranger = await cookieFor(await insertUser({ role: 'agent' }))
	await expect(
		postProjectAction(stranger, project.id, 'step=upload&intent=upload', await photos('bedroom.jpg')),
	).rejects.toMatchObject({ init: { status: 404 } })
})

test('the step is read from the address, as far as the rows allow', async () => {
	const { project, cookie } = await agentWithProject()
	const page = async (query: string) =>
		(
			(await projectLoader({
				request: getRequest(`/property-studio/${project.id}?${query}`, { cookie }),
				params: { id: project.id },
				context: {},
			})) as { step: string }
		).step
	expect(await page('step=room-confirmation')).toBe('room-confirmation')
	expect(await page('step=processing')).toBe('upload')
	expect(await page('step=nonsense')).toBe('upload')
})

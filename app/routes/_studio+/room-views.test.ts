import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { sameRoomErrorKey, viewCaption, viewGroups, firstViewChoices } from '#app/components/studio/room-views.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { cookieFor } from '#tests/studio.ts'
import { dataOf, formOf, postProjectAction } from '#tests/project-action.ts'
import { createProject } from '#core/studio/projects.ts'
import { listRooms } from '#core/studio/rooms.ts'

// The room step's "Same room as…" choice, posted to the project page as a plain form would post it
// (a redirect back to the step) and as the workflow's fetcher does (data, no redirect).

const SAME_ROOM = 'step=room-confirmation&intent=same-room'
const ROOMS = path.join(import.meta.dirname, '../../../tests/fixtures/rooms')

async function projectWithPhotos() {
	const user = await insertUser({ role: 'agent' })
	const actor = actorFor(user)
	const project = await createProject(actor, { propertyAddress: '5 Cliff Road, Whitby' })
	const cookie = await cookieFor(user)
	const body = new FormData()
	// Real photos (tests/fixtures/rooms): their room types are suggested by what they show.
	for (const file of ['living-02.jpg', 'living-03.jpg', 'kitchen-03.jpg'])
		body.append('photos', new Blob([fs.readFileSync(path.join(ROOMS, file))], { type: 'image/jpeg' }), file)
	body.set('next', 'room-confirmation')
	await postProjectAction(cookie, project.id, 'step=upload&intent=upload', body)
	const [lounge, window, kitchen] = await listRooms(actor, project.id)
	return { actor, project, cookie, lounge, window, kitchen }
}

test('a plain form marks a photo as another view and is sent back to the room step; None unmarks it', async () => {
	const { actor, project, cookie, lounge, window } = await projectWithPhotos()
	const marked = await postProjectAction(
		cookie,
		project.id,
		SAME_ROOM,
		formOf({ roomId: window.id, sameRoomAs: lounge.id, next: 'room-confirmation' }),
	)
	expect(marked).toBeInstanceOf(Response)
	expect((marked as Response).headers.get('location')).toBe(`/property-studio/${project.id}?step=room-confirmation`)
	expect((await listRooms(actor, project.id)).find((r) => r.id === window.id)?.sameRoomAs).toBe(lounge.id)

	const { body, status } = dataOf(
		await postProjectAction(cookie, project.id, SAME_ROOM, formOf({ roomId: window.id, sameRoomAs: '' })),
	)
	expect(status).toBe(200)
	expect(body).toMatchObject({ result: { status: 'success' }, room: { id: window.id, sameRoomAs: null } })
})

test("core's refusal comes back under the photo's own key, for the page to show beside it", async () => {
	const { project, cookie, lounge, kitchen } = await projectWithPhotos()
	const { body, status } = dataOf(
		await postProjectAction(cookie, project.id, SAME_ROOM, formOf({ roomId: kitchen.id, sameRoomAs: lounge.id })),
	)
	expect(status).toBe(400)
	expect(body).toEqual({
		result: {
			status: 'error',
			error: {
				[sameRoomErrorKey(kitchen.id)]: [
					'Kitchen (Kitchen) and Living Room (Living Room) are different room types: only photos of one room can be views of it',
				],
			},
		},
	})
})

test("a photo of another of the agent's projects is not marked from this project's page", async () => {
	const { actor, cookie, lounge } = await projectWithPhotos()
	const other = await createProject(actor, { propertyAddress: '6 Cliff Road, Whitby' })
	const { status, body } = dataOf(
		await postProjectAction(cookie, other.id, SAME_ROOM, formOf({ roomId: lounge.id, sameRoomAs: '' })),
	)
	expect(status).toBe(400)
	expect(body).toMatchObject({ result: { error: { [sameRoomErrorKey(lounge.id)]: ['Room not found'] } } })
})

test('views follow their first view, captioned by their place; only first views of the same type are offered', () => {
	const photo = (id: string, roomType: string, sameRoomAs: string | null = null) => ({
		id,
		roomType,
		roomName: null,
		sameRoomAs,
	})
	const photos = [
		photo('a', 'living'),
		photo('k', 'kitchen'),
		photo('b', 'living', 'a'),
		photo('c', 'living'),
		photo('d', 'living', 'a'),
	]
	expect(viewGroups(photos).map(({ first, views }) => [first.id, views.map((v) => v.id)])).toEqual([
		['a', ['b', 'd']],
		['k', []],
		['c', []],
	])
	expect(viewCaption(photos[4], photos)).toBe('View 3 of Living Room')
	expect(viewCaption(photos[0], photos)).toBeNull()
	expect(firstViewChoices(photos[3], photos).map((p) => p.id)).toEqual(['a'])
	expect(firstViewChoices(photos[2], photos).map((p) => p.id)).toEqual(['a', 'c'])
	// a first view with views of its own cannot become a view
	expect(firstViewChoices(photos[0], photos)).toEqual([])
	// a view whose first view is not listed stands on its own
	expect(viewGroups([photos[2]]).map(({ first }) => first.id)).toEqual(['b'])
})

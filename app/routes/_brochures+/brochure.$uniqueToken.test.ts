import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { roomImages } from '#db/schema/brochures.ts'
import { db } from '#core/platform/db.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { submitMultiRoomBrochure } from '#tests/brochures.ts'
import { insertUser } from '#tests/factories.ts'
import { getRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { loader } from './brochure.$uniqueToken.tsx'

type Room = { id: string; name: string; width: number | null; height: number | null }

test("each room carries its photo's upright size, so the page frames a portrait as one; rooms stored before carry none", async () => {
	const cookie = await cookieFor(await insertUser())
	// A phone's portrait photo: landscape pixels that its EXIF orientation (6: turn 90°) stands upright.
	const portrait = await sharp(await makeRoomPhoto({ width: 400, height: 300, seed: 2 }))
		.withMetadata({ orientation: 6 })
		.jpeg()
		.toBuffer()
	const fields = {
		clientName: 'Ann Buyer',
		propertyAddress: '5 Portrait Lane, Bath',
		stylePreference: 'coastal',
		agentEmail: 'wes@example.com',
	}
	const brochure = await submitMultiRoomBrochure(cookie, fields, [
		{ name: 'kitchen.jpg', bytes: await makeRoomPhoto({ width: 400, height: 300 }) },
		{ name: 'bedroom.jpg', bytes: portrait },
	])
	const load = async () =>
		(await loader({
			request: getRequest(`/brochure/${brochure.uniqueToken}`),
			params: { uniqueToken: brochure.uniqueToken },
			context: {},
		})) as { rooms: Room[] }

	const { rooms } = await load()
	expect(rooms.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
		{ name: 'Kitchen', width: 400, height: 300 },
		{ name: 'Bedroom', width: 300, height: 400 },
	])

	await db.update(roomImages).set({ imageWidth: null, imageHeight: null }).where(eq(roomImages.id, rooms[1].id))
	expect((await load()).rooms[1]).toMatchObject({ width: null, height: null })
}, 120_000)

import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { transformations } from '#db/schema/transformations.ts'
import { db } from '#core/platform/db.ts'
import { call, multipartRequest } from '#tests/brochures.ts'
import { insertUser } from '#tests/factories.ts'
import { cookieFor, smallRoomPhoto } from '#tests/studio.ts'
import { action } from './transform.tsx'

test('a plain form post keeps every ticked area (one checkbox field each) and starts the transformation', async () => {
	const user = await insertUser()
	const response = await call(
		action,
		multipartRequest(
			'/transform',
			await cookieFor(user),
			{ mode: 'upload', style: 'rustic', 'area-exterior': 'true', 'area-kitchen': 'true' },
			[{ field: 'image', name: 'lounge.jpg', bytes: await smallRoomPhoto() }],
		),
	)
	expect(response.status).toBe(302)
	expect(response.headers.get('location')).toBe('/dashboard')
	const [row] = await db.select().from(transformations).where(eq(transformations.userId, user.id))
	expect(row).toMatchObject({ style: 'rustic', areas: ['kitchen', 'exterior'] })
})

test('a post without a photo is refused by the form schema, with the message under the field', async () => {
	const user = await insertUser()
	const response = await call(
		action,
		multipartRequest('/transform', await cookieFor(user), { mode: 'upload', style: 'modern' }, []),
	)
	// data() from the action: its init and body
	expect(response).toMatchObject({ init: { status: 400 } })
	expect((response as unknown as { data: unknown }).data).toMatchObject({
		message: 'No file selected',
		result: { error: { image: ['No file selected'] } },
	})
})

test('a listing-URL post without a URL is refused with the spec message', async () => {
	const user = await insertUser()
	const response = await call(action, multipartRequest('/transform', await cookieFor(user), { mode: 'url' }, []))
	expect(response).toMatchObject({ init: { status: 400 } })
	expect((response as unknown as { data: unknown }).data).toMatchObject({
		message: 'No URL provided',
		result: { error: { propertyUrl: ['No URL provided'] } },
	})
})

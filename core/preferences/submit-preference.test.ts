import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { clientPreferences, properties, propertyTours, rendoProjects } from '#db/schema/properties.ts'
import { transformations } from '#db/schema/transformations.ts'
import { action as multiAction } from '#app/routes/api+/client-preferences-multi-room.ts'
import { action as singleAction } from '#app/routes/api+/client-preferences.ts'
import { db } from '#core/platform/db.ts'
import { call, multipartRequest, storedKeys, type UploadFile } from '#tests/brochures.ts'
import { insertUser } from '#tests/factories.ts'
import { cookieFor } from '#tests/studio.ts'

type Answer = {
	success?: boolean
	message: string
	errors?: Record<string, string[]>
	details?: Record<string, unknown>
}

let tinyPhoto: Buffer
beforeAll(async () => {
	tinyPhoto = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0806a' } })
		.jpeg()
		.toBuffer()
})

const photo = (name: string, bytes = tinyPhoto): UploadFile => ({ field: 'property-images', bytes, name })
const photos = (n: number) => Array.from({ length: n }, (_, i) => photo(`room-${i + 1}.jpg`))
const elevenMegabytes = () => Buffer.alloc(11 * 1024 * 1024, 1)

const clientFields = (overrides: Record<string, string> = {}) => ({
	clientName: 'Jane Buyer',
	propertyAddress: '12 Oak Street, Bristol BS1 4DJ',
	stylePreference: 'scandinavian',
	agentEmail: 'agent@harbourhomes.example',
	propertyUrl: '',
	area: 'kitchen',
	...overrides,
})
const demoFields = (overrides: Record<string, string> = {}) => ({
	clientName: 'Jane Buyer',
	propertyAddress: '12 Oak Street, Bristol BS1 4DJ',
	stylePreference: 'luxury',
	agentEmail: 'agent@harbourhomes.example',
	qualityLevel: 'premium',
	lightingPreference: 'warm',
	notes: 'A reading corner, please',
	...overrides,
})

async function submit(
	kind: 'single' | 'multi' | 'demo',
	cookie: string | null,
	fields: Record<string, string>,
	files: UploadFile[],
) {
	const [action, path] =
		kind === 'single'
			? [singleAction, '/api/client-preferences']
			: [multiAction, `/api/client-preferences-multi-room${kind === 'demo' ? '?form=multi-room-demo' : ''}`]
	const response = await call(action, multipartRequest(path, cookie, fields, files))
	return { status: response.status, body: (await response.json()) as Answer }
}

/** Everything a submission would have written for this account. */
async function storedFor(userId: string) {
	const props = await db.select().from(properties).where(eq(properties.userId, userId))
	const ids = props.map((p) => p.id)
	const tours = ids.length ? await db.select().from(propertyTours).where(inArray(propertyTours.propertyId, ids)) : []
	const brochures = ids.length
		? await db.select().from(propertyBrochures).where(inArray(propertyBrochures.propertyId, ids))
		: []
	return {
		properties: props.length,
		tours: tours.length,
		preferences: tours.length
			? (
					await db
						.select()
						.from(clientPreferences)
						.where(
							inArray(
								clientPreferences.tourId,
								tours.map((t) => t.id),
							),
						)
				).length
			: 0,
		transformations: (await db.select().from(transformations).where(eq(transformations.userId, userId))).length,
		projects: ids.length
			? (await db.select().from(rendoProjects).where(inArray(rendoProjects.propertyId, ids))).length
			: 0,
		brochures: brochures.length,
		// the rooms' photos, not their smaller copies
		files: storedKeys('brochure-rooms').filter((key) => /\/(original|staged)\.jpg$/.test(key)).length,
	}
}
const NOTHING = { properties: 0, tours: 0, preferences: 0, transformations: 0, projects: 0, brochures: 0 }

describe('client preference rules: the spec message, and nothing stored', () => {
	const cases: Array<[string, 'single' | 'multi' | 'demo', () => Record<string, string>, () => UploadFile[], string]> =
		[
			['one image in multi-room mode', 'multi', () => clientFields(), () => photos(1), 'Insufficient room images'],
			['no image in multi-room mode', 'multi', () => clientFields(), () => [], 'Insufficient room images'],
			['eleven images in multi-room mode', 'multi', () => clientFields(), () => photos(11), 'Too many images'],
			[
				'an 11 MB file in multi-room mode',
				'multi',
				() => clientFields(),
				() => [photo('a.jpg'), photo('huge.jpg', elevenMegabytes())],
				'File too large',
			],
			[
				'a missing area in single mode',
				'single',
				() => clientFields({ area: '' }),
				() => [{ ...photo('k.jpg'), field: 'image' }],
				'Property area required',
			],
			['no image and no URL in single mode', 'single', () => clientFields(), () => [], 'Missing property image'],
			[
				'an 11 MB file in single mode',
				'single',
				() => clientFields(),
				() => [{ ...photo('k.jpg', elevenMegabytes()), field: 'image' }],
				'File too large',
			],
			[
				'a one-letter client name',
				'multi',
				() => clientFields({ clientName: 'J' }),
				() => photos(2),
				'Client name is required',
			],
			[
				'a short address',
				'multi',
				() => clientFields({ propertyAddress: '12 O' }),
				() => photos(2),
				'Property address is required',
			],
			[
				'an invalid agent e-mail',
				'single',
				() => clientFields({ agentEmail: 'agent@' }),
				() => [{ ...photo('k.jpg'), field: 'image' }],
				'Please enter a valid email address',
			],
			[
				'an unknown style',
				'multi',
				() => clientFields({ stylePreference: 'gothic' }),
				() => photos(2),
				'Style preference is required',
			],
			[
				'a listing URL that is not a web address',
				'single',
				() => clientFields({ propertyUrl: 'ftp://x' }),
				() => [],
				'Please enter a valid URL',
			],
			[
				'no images in the demo',
				'demo',
				() => demoFields(),
				() => [],
				'Please upload at least one room image to continue',
			],
			[
				'eleven images in the demo',
				'demo',
				() => demoFields(),
				() => photos(11),
				'Maximum 10 room images allowed per brochure',
			],
			[
				'an 11 MB file in the demo',
				'demo',
				() => demoFields(),
				() => [photo('huge-lounge.jpg', elevenMegabytes())],
				'huge-lounge.jpg is over 10MB. Please choose a smaller file.',
			],
			[
				'an invalid agent e-mail in the demo',
				'demo',
				() => demoFields({ agentEmail: 'x' }),
				() => photos(1),
				'Valid agent email required',
			],
			[
				'an unknown room type',
				'multi',
				() => clientFields({ 'roomTypes[1]': 'garage' }),
				() => photos(2),
				'Select a room type',
			],
		]
	test.each(cases)('%s', async (_name, kind, fields, files, message) => {
		const user = await insertUser()
		const before = storedKeys('brochure-rooms').length
		const { status, body } = await submit(kind, await cookieFor(user), fields(), files())
		expect(status).toBe(400)
		expect(body.message).toBe(message)
		expect(await storedFor(user.id)).toEqual({ ...NOTHING, files: before })
	})

	test('a file that is not an image is refused before anything is stored', async () => {
		const user = await insertUser()
		const { status, body } = await submit('multi', await cookieFor(user), clientFields(), [
			photo('a.jpg'),
			photo('notes.jpg', Buffer.from('hello')),
		])
		expect(status).toBe(400)
		expect(body.message).toBe('notes.jpg: Please upload a JPG, PNG or WebP image')
		expect(await storedFor(user.id)).toMatchObject(NOTHING)
	})

	test('signing in is required', async () => {
		expect((await submit('multi', null, clientFields(), photos(2))).status).toBe(401)
		expect((await submit('single', null, clientFields(), [])).status).toBe(401)
	})
})

describe('accepted client preferences', () => {
	test('multi-room: every row in one go, room types guessed from names unless chosen, one render job per room', async () => {
		const user = await insertUser()
		const { status, body } = await submit(
			'multi',
			await cookieFor(user),
			clientFields({ 'roomTypes[2]': 'office', area: 'bathroom' }),
			[photo('Master-Bedroom.jpg'), photo('kitchen_2.jpg'), photo('bedroom-3.jpg')],
		)
		expect(status).toBe(201)
		expect(body.success).toBe(true)
		expect(body.details).toMatchObject({
			clientName: 'Jane Buyer',
			propertyAddress: '12 Oak Street, Bristol BS1 4DJ',
			stylePreference: 'scandinavian',
			rooms: [{ roomType: 'bedroom' }, { roomType: 'kitchen' }, { roomType: 'office' }],
			status: 'processing',
		})
		expect(await storedFor(user.id)).toEqual({
			properties: 1,
			tours: 1,
			preferences: 1,
			transformations: 1,
			projects: 1,
			brochures: 1,
			files: 3,
		})
		const [preference] = await db
			.select()
			.from(clientPreferences)
			.where(eq(clientPreferences.id, body.details!.preferenceId as string))
		// The area is dropped in multi-room mode: the rooms are the areas of interest.
		expect(preference).toMatchObject({
			preferredStyle: 'scandinavian',
			areasOfInterest: ['bedroom', 'kitchen', 'office'],
			agentEmail: 'agent@harbourhomes.example',
		})
		const [brochure] = await db
			.select()
			.from(propertyBrochures)
			.where(eq(propertyBrochures.id, body.details!.brochureId as string))
		expect(brochure).toMatchObject({ buyerName: 'Jane Buyer', stylePreference: 'scandinavian', generatedAt: null })
		expect(brochure.uniqueToken).toMatch(/^[0-9a-f]{32}$/)
		const rooms = await db.select().from(roomImages).where(eq(roomImages.brochureId, brochure.uniqueToken))
		expect(rooms.map((r) => [r.sortOrder, r.roomType])).toEqual(
			expect.arrayContaining([
				[0, 'bedroom'],
				[1, 'kitchen'],
				[2, 'office'],
			]),
		)
		const jobs = await db.execute<{ task_identifier: string }>(
			`select task_identifier from graphile_worker.jobs where key like 'brochure-room:%'` as never,
		)
		expect(jobs.rows.filter((j) => j.task_identifier === 'brochure_room').length).toBeGreaterThanOrEqual(3)
	})

	test('the same address twice is one property with two tours', async () => {
		const user = await insertUser()
		const cookie = await cookieFor(user)
		expect((await submit('multi', cookie, clientFields(), photos(2))).status).toBe(201)
		expect(
			(
				await submit(
					'multi',
					cookie,
					clientFields({ clientName: 'Another Buyer', propertyAddress: '12 oak street, bristol bs1 4dj' }),
					photos(2),
				)
			).status,
		).toBe(201)
		expect(await storedFor(user.id)).toMatchObject({ properties: 1, tours: 2, projects: 2, brochures: 2 })
	})

	test('single mode with only a listing URL records planned work and no brochure yet', async () => {
		const user = await insertUser()
		const { status, body } = await submit(
			'single',
			await cookieFor(user),
			clientFields({ propertyUrl: 'https://listings.example/12-oak-street' }),
			[],
		)
		expect(status).toBe(201)
		expect(body.details).toMatchObject({ brochureId: null, status: 'planned', rooms: [] })
		const [transformation] = await db.select().from(transformations).where(eq(transformations.userId, user.id))
		expect(transformation).toMatchObject({
			propertyUrl: 'https://listings.example/12-oak-street',
			areas: ['kitchen'],
			status: 'pending',
		})
	})

	test('the demo takes one image and carries quality and lighting', async () => {
		const user = await insertUser()
		const { status, body } = await submit('demo', await cookieFor(user), demoFields(), [photo('lounge.jpg')])
		expect(status).toBe(201)
		expect(body.details).toMatchObject({
			qualityLevel: 'premium',
			lightingPreference: 'warm',
			rooms: [{ roomType: 'living' }],
		})
		const [preference] = await db
			.select()
			.from(clientPreferences)
			.where(eq(clientPreferences.id, body.details!.preferenceId as string))
		expect(preference).toMatchObject({
			qualityLevel: 'premium',
			lightingPreference: 'warm',
			specificRequests: 'A reading corner, please',
		})
	})
})

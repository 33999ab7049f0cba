import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { REAL_FIXTURES } from '../../bench/room-check-real-corpus.ts'
import { InputError, NotFoundError, ForbiddenError } from '#core/errors.ts'
import { eq } from 'drizzle-orm'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { answerRoomCheck } from '#core/studio/room-check-answers.ts'
import { readBytes } from '#core/platform/storage.ts'
import { ALGORITHMIC_EDIT_SOURCE_TYPE } from '#core/disclosure/alteration.ts'
import { imageDisclosure, projectDisclosure, renderRef } from '#core/disclosure/disclosed-image.ts'
import { downloadableImages } from '#core/studio/download-files.ts'
import { listVariations, setFavorite } from '#core/studio/variations.ts'
import { viewOriginalsPage } from '#core/disclosure/originals-page.ts'
import { PREVIEW_WALLS_ONLY } from '#core/render/local-preview.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { readCredentials, readXmp } from '#tests/disclosure.ts'
import { settleJobs } from '#tests/jobs.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import { editRoom, listObjects } from './edit-room.ts'

// Item removal and wall repaint of real photos through the whole pipeline with the local
// preview (the embedded default): asked, queued with its scope, made by OpenCV, checked against
// the scope on delivery.
const photo = (n: string) => fs.readFileSync(path.join(REAL_FIXTURES, `${n}-before.jpg`))

test("pair 36's lamp and plant removed: one variation, its scope checked ok and said", async () => {
	const { actor, project, room } = await roomWithPhoto({ photo: photo('36') })
	const listed = await listObjects(actor, room.id)
	expect(listed.objects.map((o) => o.id)).toEqual(expect.arrayContaining(['lamp', 'plant']))
	expect(listed.surfaces.find((s) => s.name === 'walls')).toMatchObject({ renovatable: true })
	expect(listed.surfaces.find((s) => s.name === 'floor')).toMatchObject({ renovatable: false })
	// The local preview removes things and repaints walls: only the floor is greyed out, with why.
	expect(listed).toMatchObject({ removable: true, notRemovable: null, notRenovatable: PREVIEW_WALLS_ONLY })

	const { variation } = await editRoom(actor, room.id, { remove: 'lamp, plant' })
	expect(variation).toMatchObject({ style: 'remove', status: 'pending' })
	const [row] = await stagingRowsOf(room.id)
	expect(row).toMatchObject({ style: null, removeFurniture: false })
	expect(row.scope).toMatchObject({ kind: 'remove', objects: ['lamp', 'plant'], surfaces: [] })
	expect(row.scope!.items.map((i) => i.name)).toEqual(['lamp', 'plant'])
	// The mask is stored at the photo's size, white where the things are.
	expect((await readBytes(row.scopeMaskKey!))!.subarray(1, 4).toString()).toBe('PNG')

	await settleJobs()
	const [made] = await variationsOf(room.id)
	expect(made).toMatchObject({
		style: 'remove',
		status: 'completed',
		roomCheck: 'ok',
		roomCheckNote: 'Removed: a plant and a lamp; nothing else changed',
		editScope: {
			kind: 'remove',
			items: [
				{ name: 'lamp', plural: 'lamps' },
				{ name: 'plant', plural: 'plants' },
			],
		},
	})

	// Disclosed as what it is, though the local preview made it: the label, the originals page and
	// the file's XMP say what was removed (C2PA's action and the pack's manifest take the same words),
	// and its digital source type an algorithm's composite, no trained model's.
	const disclosure = await projectDisclosure(project)
	const marks = imageDisclosure(disclosure, renderRef(made))
	expect(marks.label?.text).toBe('Virtually edited: items removed')
	// Screens show it as the edit it is, not as the colour preview's "Preview, not staged".
	expect((await listVariations(actor, project.id)).map((v) => v.isPreview)).toEqual([false])
	// As a favourite is downloaded before the project is completed (`rendo download`, the downloads page).
	await setFavorite(actor, made.id, true)
	const [favourite] = (await downloadableImages(actor, project.id)).images
	const delivered = (await favourite.read())!
	expect(await readXmp(delivered)).toMatchObject({
		'XMP-dc:Description': 'Removed: a lamp and a plant',
		'XMP-iptcExt:DigitalSourceType': ALGORITHMIC_EDIT_SOURCE_TYPE,
	})
	const [actions] = (await readCredentials(delivered))!.manifest.assertions!.getActionAssertions()
	expect(actions.actions[1].digitalSourceType).toBe(ALGORITHMIC_EDIT_SOURCE_TYPE)
	const page = await viewOriginalsPage(disclosure.token)
	expect(page.state === 'live' && page.images).toEqual([
		expect.objectContaining({
			kind: 'edited',
			alteration: 'Removed: a lamp and a plant',
			seen: 'Removed: a plant and a lamp; nothing else changed',
		}),
	])
}, 120_000)

test("pair 69's walls repainted: checked to be the colour asked; a floor is refused by the local preview", async () => {
	const { actor, project, room } = await roomWithPhoto({ photo: photo('69') })
	await expect(editRoom(actor, room.id, { renovate: { walls: '#7a9cb8', floor: 'oak' } })).rejects.toThrow(
		PREVIEW_WALLS_ONLY,
	)
	await expect(editRoom(actor, room.id, { renovate: { floor: 'lava' } })).rejects.toMatchObject({
		fieldErrors: {
			renovate: ['Floor must be one of: oak, walnut, grey tiles, white tiles, light carpet, polished concrete'],
		},
	})
	const { variation } = await editRoom(actor, room.id, { renovate: { walls: '#7A9CB8' } })
	expect(variation).toMatchObject({ style: 'renovate' })
	await settleJobs()
	const [made] = await variationsOf(room.id)
	expect(made).toMatchObject({
		status: 'completed',
		roomCheck: 'ok',
		roomCheckNote: 'Renovated: walls; nothing else changed',
		editScope: { kind: 'renovate', surfaces: [{ name: 'walls', becomes: '#7a9cb8' }] },
	})
	const disclosure = imageDisclosure(await projectDisclosure(project), renderRef(made))
	expect(disclosure.label?.text).toBe('Virtually renovated: walls')
	expect(disclosure.provenance?.description).toBe('Renovated: walls painted #7a9cb8')
	const marks = imageDisclosure(await projectDisclosure(project), renderRef(made))
	expect(marks.label?.text).toBe('Virtually renovated: walls')
	expect(marks.provenance?.description).toBe('Renovated: walls painted #7a9cb8')
}, 120_000)

test('a double post is one request; a stranger is refused; too large a removal is refused with nothing left', async () => {
	const { actor, room } = await roomWithPhoto({ photo: photo('69') })
	const stranger = actorFor(await insertUser({ role: 'agent' }))
	await expect(listObjects(stranger, room.id)).rejects.toBeInstanceOf(ForbiddenError)
	await expect(editRoom(stranger, room.id, { remove: ['lamp'] })).rejects.toBeInstanceOf(ForbiddenError)
	await expect(listObjects(actor, crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError)

	// The sofa is 13 % of the photo across: the local preview's fill would be a smear.
	const refused = await editRoom(actor, room.id, { remove: ['sofa'] }).catch((e: unknown) => e)
	expect(refused).toBeInstanceOf(InputError)
	expect((refused as InputError).message).toMatch(
		/^The local preview paints out only small things: this selection is \d+ % of the photo across/,
	)
	await expect(editRoom(actor, room.id, { remove: ['piano'] })).rejects.toThrow(
		/^There is no 'piano' in this photo \(it has: sofa, /,
	)
	expect(await variationsOf(room.id)).toEqual([])
	expect(await stagingRowsOf(room.id)).toEqual([])
	const files = (config().storage as { root: string }).root
	expect(fs.existsSync(path.join(files, 'rooms', room.id))).toBe(false)

	// Asked twice at once (a double click, a retried post): one request, one variation.
	const lamp = await roomWithPhoto({ photo: photo('36') })
	const [first, second] = await Promise.all([
		editRoom(lamp.actor, lamp.room.id, { remove: ['lamp'] }),
		editRoom(lamp.actor, lamp.room.id, { remove: 'Lamp' }),
	])
	expect(second.variation.id).toBe(first.variation.id)
	expect(await stagingRowsOf(lamp.room.id)).toHaveLength(1)
	expect(await variationsOf(lamp.room.id)).toHaveLength(1)
}, 120_000)

test('an edit flagged and replaced free is asked again with the same scope and mask, and checked against it again', async () => {
	const { actor, room } = await roomWithPhoto({ photo: photo('36') })
	await editRoom(actor, room.id, { remove: ['lamp', 'plant'] })
	await settleJobs()
	const [made] = await variationsOf(room.id)
	// As the scope check flags a vendor's answer that changed more than it was asked to.
	const note = 'The floor changed outside the area asked'
	await db
		.update(propertyStudioVariations)
		.set({ roomCheck: 'check', roomCheckNote: note })
		.where(eq(propertyStudioVariations.id, made.id))
	const { replacement } = await answerRoomCheck(actor, { variationId: made.id, answer: 'replaced' })
	expect(replacement).toMatchObject({ style: 'remove', status: 'pending' })
	const rows = await stagingRowsOf(room.id)
	expect(rows).toHaveLength(2)
	const [first, again] = rows.sort((a, b) => +a.createdAt - +b.createdAt)
	expect(again.scope).toEqual(first.scope)
	expect(again.scopeMaskKey).toBe(first.scopeMaskKey)
	await settleJobs()
	expect((await variationsOf(room.id)).find((v) => v.id === replacement!.id)).toMatchObject({
		status: 'completed',
		roomCheck: 'ok',
		roomCheckNote: 'Removed: a plant and a lamp; nothing else changed',
		editScope: made.editScope,
	})
}, 120_000)

import { describe, expect, test } from 'vitest'
import { propertyWithDeliveredImages } from '#tests/originals.ts'
import { recordContents, SEEN } from '#tests/room-check-contents.ts'
import { issueNewOriginalsAddress, setOriginalsPageEnabled } from './originals-address.ts'
import { originalsFileKey, viewOriginalsPage } from './originals-page.ts'

describe("a property's originals page", () => {
	test('lists every delivered image in gallery order, with its anchor, room, alteration in words and date', async () => {
		const { page, project, shown, rooms } = await propertyWithDeliveredImages()
		const view = await viewOriginalsPage(page.token)
		if (view.state !== 'live') throw new Error(`page is ${view.state}`)
		expect(view.address).toBe(project.propertyAddress)
		expect(view.images.map((image) => image.id)).toEqual(shown.map((v) => v.id))
		expect(view.images.map(({ room, alteration, altered }) => [room, alteration, altered])).toEqual([
			['Living Room', 'Furniture removed', true],
			['Living Room', 'Furniture added, Modern style', true],
			['Living Room', 'Furniture added, Modern style', true],
			// a restaged view of the living room is listed like any other room
			['Living room, window', 'Furniture added, Luxury style', true],
			['Front', 'Sky changed to dusk', true],
			// enhanced: listed, but as not altered
			['Bathroom', 'Colour and exposure only', false],
		])
		const first = view.images[0]
		expect(first.anchor).toBe(`v-${shown[0].id}`)
		expect(first.madeAt).toEqual(shown[0].createdAt)
		expect(first.alteredUrl).toBe(`/o/${page.token}/${shown[0].id}/altered`)
		expect(first.originalUrl).toBe(`/o/${page.token}/${shown[0].id}/original`)
		expect(await originalsFileKey(page.token, shown[0].id, 'original')).toEqual({
			state: 'found',
			key: rooms.living.originalImageUrl,
		})
		expect(await originalsFileKey(page.token, shown[0].id, 'altered')).toEqual({
			state: 'found',
			key: shown[0].imageUrl,
		})
	})

	test('says beside each staged image what the room check saw added, and that the room is unchanged only when it passed', async () => {
		const { page, shown } = await propertyWithDeliveredImages()
		const [emptied, modernFirst, modernSecond, restaged, dusk] = shown
		const bed = { name: 'bed', plural: 'beds', count: 1 }
		await recordContents(modernFirst.id, { added: SEEN.added, removed: [] })
		await recordContents(modernSecond.id, SEEN, 'check')
		await recordContents(emptied.id, { added: [], removed: [bed] })
		await recordContents(restaged.id, null, 'unaligned')
		await recordContents(dusk.id, SEEN)
		const view = await viewOriginalsPage(page.token)
		if (view.state !== 'live') throw new Error(`page is ${view.state}`)
		expect(view.images.map((image) => image.seen)).toEqual([
			'Virtually emptied: removed a bed; walls, floor, windows and doors checked unchanged',
			'Virtually staged: added a sofa, a rug, two lamps; walls, floor, windows and doors checked unchanged',
			// flagged: a wall, window or door may have changed, so that is not claimed
			'Virtually staged: added a sofa, a rug, two lamps; removed a bed',
			// not matched to the photo: the check did not look, and the page says what it always said
			null,
			// a sky at dusk, and an enhanced photo: the alteration's words are the whole story
			null,
			null,
		])
	})

	test('opens only images it lists: not renders still pending or failed, nor another property’s', async () => {
		const { page, notShown } = await propertyWithDeliveredImages()
		const other = await propertyWithDeliveredImages()
		for (const { id } of [...notShown, ...other.shown])
			expect(await originalsFileKey(page.token, id, 'original')).toEqual({ state: 'not-found' })
		const { shown } = await viewOriginalsPage(page.token).then((view) => ({
			shown: view.state === 'live' ? view.images : [],
		}))
		expect(await originalsFileKey(page.token, shown[0].id, 'thumbnail')).toEqual({ state: 'not-found' })
		expect(await originalsFileKey(page.token, 'not-a-uuid', 'original')).toEqual({ state: 'not-found' })
	})

	test('switched off opens nothing; a replaced address is retired, pages and files alike', async () => {
		const { actor, page, project, shown } = await propertyWithDeliveredImages()
		await setOriginalsPageEnabled(actor, project.id, false)
		expect(await viewOriginalsPage(page.token)).toEqual({ state: 'off' })
		expect(await originalsFileKey(page.token, shown[0].id, 'altered')).toEqual({ state: 'not-found' })
		await setOriginalsPageEnabled(actor, project.id, true)

		const next = await issueNewOriginalsAddress(actor, project.id)
		expect(await viewOriginalsPage(page.token)).toEqual({ state: 'retired' })
		expect(await originalsFileKey(page.token, shown[0].id, 'altered')).toEqual({ state: 'retired' })
		expect(await viewOriginalsPage(next.token)).toMatchObject({ state: 'live', images: expect.any(Array) })
		expect(await viewOriginalsPage('B'.repeat(22))).toEqual({ state: 'unknown' })
	})
})

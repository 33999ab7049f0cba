import { expect, test } from 'vitest'
import { favourite, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { hit } from '#tests/api-contract.ts'
import { insertUser } from '#tests/factories.ts'
import { recordContents, SEEN, SEEN_SENTENCE } from '#tests/room-check-contents.ts'
import { cookieFor } from '#tests/studio.ts'

// The API says what the room check saw each image add and take away, as data and in the words
// every door uses; each answer is checked against the OpenAPI document as it comes.
test('variations, images and progress carry what the room check saw added and removed, and its sentence', async () => {
	const user = await insertUser()
	const { project, variations } = await renderedProject(user)
	await stagedByVendor(variations)
	const [seen, unseen, emptyHanded] = variations
	await recordContents(seen.id)
	await recordContents(emptyHanded.id, { added: [], removed: [] })
	await favourite(user, [seen.id, unseen.id])
	const init = { cookie: await cookieFor(user), params: { id: project.id } }

	const listed = (await hit('get', '/api/property-studio/projects/{id}/variations', init)).body as Array<{
		id: string
		roomCheck: { contents: unknown; contentsSentence: string | null } | null
	}>
	const check = (id: string) => listed.find((v) => v.id === id)?.roomCheck
	expect(check(seen.id)).toMatchObject({ verdict: 'ok', contents: SEEN, contentsSentence: SEEN_SENTENCE })
	// The local preview only recolours: checked ok, and nothing looked at.
	expect(check(unseen.id)).toMatchObject({ verdict: 'ok', contents: null, contentsSentence: null })
	expect(check(emptyHanded.id)).toMatchObject({ contents: { added: [], removed: [] }, contentsSentence: null })

	const { images } = (await hit('get', '/api/property-studio/projects/{id}/images', init)).body as {
		images: Array<{ id: string; contents: unknown; contentsSentence: string | null }>
	}
	expect(images.map(({ id, contents, contentsSentence }) => ({ id, contents, contentsSentence }))).toEqual([
		{ id: seen.id, contents: SEEN, contentsSentence: SEEN_SENTENCE },
		{ id: unseen.id, contents: null, contentsSentence: null },
	])

	const progress = (await hit('get', '/api/property-studio/projects/{id}/progress', init)).body as {
		rooms: Array<{ styles: Array<{ contents: unknown }> }>
	}
	expect(progress.rooms[0].styles[0].contents).toEqual([{ variationId: seen.id, position: 1, sentence: SEEN_SENTENCE }])
})

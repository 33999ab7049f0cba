import fs from 'node:fs'
import path from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'

// The three vendors' models configured at once; each case makes one of them the staging provider.
await vi.hoisted(() =>
	Promise.all([
		import('#tests/mocks/virtual-staging-ai-model.ts').then((m) => m.useVirtualStagingAiModelSettings()),
		import('#tests/mocks/openai-images.ts').then((m) => m.useOpenAiImagesSettings()),
		import('#tests/mocks/gemini-api.ts').then((m) => m.useGeminiApiSettings()),
	]),
)

import { REAL_FIXTURES } from '../../bench/room-check-real-corpus.ts'
import { AI_EDITED_SOURCE_TYPE } from '#core/disclosure/alteration.ts'
import { discloseImage, imageDisclosure, projectDisclosure, renderRef } from '#core/disclosure/disclosed-image.ts'
import { config } from '#core/platform/config.ts'
import { readBytes } from '#core/platform/storage.ts'
import type { ProviderName } from '#core/render/provider.ts'
import { VSAI_NO_SCOPED_EDITS } from '#core/render/providers/virtual-staging-ai.ts'
import { answerRoomCheck } from '#core/studio/room-check-answers.ts'
import { loader as objectsLoader } from '#app/routes/api+/property-studio.rooms.$roomId.objects.ts'
import { action as editAction } from '#app/routes/api+/property-studio.rooms.$roomId.edit.ts'
import { loader as pageLoader } from '#app/routes/_studio+/property-studio.$id.tsx'
import { rendo } from '#tests/cli.ts'
import { readCredentials, readXmp } from '#tests/disclosure.ts'
import { settleJobs } from '#tests/jobs.ts'
import { createGeminiApi } from '#tests/mocks/gemini-api.ts'
import { createOpenAiImagesModel } from '#tests/mocks/openai-images.ts'
import type { Stray } from '#tests/mocks/scoped-answer.ts'
import { createVirtualStagingAiModel, VSAI_TEST_KEY } from '#tests/mocks/virtual-staging-ai-model.ts'
import { unknownRequestsFail } from '#tests/mocks/unknown-requests.ts'
import { stageThrough } from '#tests/render-provider.ts'
import { getRequest, jsonRequest, settle } from '#tests/request.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import { cookieFor } from '#tests/studio.ts'
import { editRoom, listObjects } from './edit-room.ts'

// Item removal and renovation by each vendor through the whole pipeline (editRoom → render job →
// the vendor's documented API, modelled with msw → fit → the scope check → stored variation →
// disclosure), on real photos: pair 36's lamp and plant, pair 69's walls and floor. Virtual
// Staging AI, which has no documented partial edit, is refused at every door beforehand.

const photo = (n: string) => fs.readFileSync(path.join(REAL_FIXTURES, `${n}-before.jpg`))
const BLUE = '#7a9cb8'

const openai = createOpenAiImagesModel()
const gemini = createGeminiApi()
const vsai = createVirtualStagingAiModel()
const server = setupServer(...openai.handlers, ...gemini.handlers, ...vsai.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: unknownRequestsFail }))
afterEach(() => {
	openai.reset()
	gemini.reset()
	vsai.reset()
})
afterAll(() => server.close())

interface Vendor {
	vendor: string
	provider: ProviderName
	/** From now on its answers to an edit also change something outside the scope, or (undefined) nothing does. */
	stray: (strays?: Stray) => void
	/** Each call's prompt, in order. */
	prompts: () => string[]
	/** The scope went as its API takes it: OpenAI's mask beside the prompt, Gemini's things and places in words. */
	expectScopeSent: () => void
}

const vendors: Vendor[] = [
	{
		vendor: 'OpenAI',
		provider: 'openai',
		stray: (strays) => {
			openai.state.strays = strays
		},
		prompts: () => openai.calls.map((call) => call.prompt.replaceAll('\r\n', '\n')),
		expectScopeSent: () => {
			for (const call of openai.calls) expect(call).toMatchObject({ image: 'file:image/png', mask: 'file:image/png' })
			// The replacement goes with the first answer's very mask.
			expect(openai.masksOf[1]!.equals(openai.masksOf[0]!)).toBe(true)
		},
	},
	{
		vendor: 'Gemini',
		provider: 'gemini',
		stray: (strays) => gemini.straying(strays ?? false),
		prompts: () => gemini.generateCalls().map((call) => call.prompt!),
		expectScopeSent: () => {
			const [removal] = gemini.generateCalls()
			expect(removal.references).toEqual([])
			expect(removal.prompt).toMatch(
				/the lamp \(at the (left|right|middle), about \d+–\d+ % across and \d+–\d+ % down\)/,
			)
			expect(removal.prompt).toMatch(/the plant \(at the (left|right|middle), about \d+–\d+ % across/)
			expect(removal.prompt).not.toContain('mask')
		},
	},
]

/** A variation as delivered: its label and provenance written in as every door's download does. */
async function delivered(
	project: { id: string; userId: string },
	made: Parameters<typeof renderRef>[0] & { imageUrl: string | null },
) {
	const marks = imageDisclosure(await projectDisclosure(project), renderRef(made))
	const image = await discloseImage((await readBytes(made.imageUrl!))!, marks)
	return { label: marks.label?.text, xmp: await readXmp(image), credentials: await readCredentials(image) }
}

test.each(vendors)(
	'$vendor: a removal and a renovation asked through editRoom are sent as its API takes them, checked against their scope and disclosed; a stray answer is flagged and made again free with the same scope',
	async ({ provider, stray, prompts, expectScopeSent }) => {
		stageThrough(provider)
		const lamp = await roomWithPhoto({ photo: photo('36') })
		const walls = await roomWithPhoto({ photo: photo('69') })

		// The removal's first answer regrades the floor beside taking the lamp and plant out.
		stray('floor')
		await editRoom(lamp.actor, lamp.room.id, { remove: 'lamp, plant' })
		await settleJobs()
		const [flagged] = await variationsOf(lamp.room.id)
		expect(flagged).toMatchObject({ style: 'remove', status: 'completed', roomCheck: 'check' })
		expect(flagged.roomCheckNote).toContain('The floor changed outside the area asked')

		// Set aside, it is made again free with the same scope and mask, and this time honestly.
		stray(undefined)
		const { replacement } = await answerRoomCheck(lamp.actor, { variationId: flagged.id, answer: 'replaced' })
		await editRoom(walls.actor, walls.room.id, { renovate: { walls: BLUE, floor: 'oak' } })
		await settleJobs()
		const [first, again] = (await stagingRowsOf(lamp.room.id)).sort((a, b) => +a.createdAt - +b.createdAt)
		expect([first.provider, again.provider]).toEqual([provider, provider])
		expect(again.scope).toEqual(first.scope)
		expect(again.scopeMaskKey).toBe(first.scopeMaskKey)

		const [removal, redone, renovation] = prompts()
		expect(redone).toBe(removal)
		expect(removal).toMatch(/^Remove the (lamp|plant) \(at the/m)
		expect(renovation).toContain(`Paint the walls ${BLUE}`)
		expect(renovation).toContain('Refinish the floor in oak')
		expectScopeSent()

		const removed = (await variationsOf(lamp.room.id)).find((v) => v.id === replacement!.id)!
		expect(removed).toMatchObject({
			status: 'completed',
			roomCheck: 'ok',
			roomCheckNote: 'Removed: a plant and a lamp; nothing else changed',
			editScope: flagged.editScope,
		})
		const [renovated] = await variationsOf(walls.room.id)
		expect(renovated).toMatchObject({
			style: 'renovate',
			status: 'completed',
			roomCheck: 'ok',
			editScope: {
				kind: 'renovate',
				surfaces: [
					{ name: 'walls', becomes: BLUE },
					{ name: 'floor', becomes: 'oak' },
				],
			},
		})
		expect(renovated.roomCheckNote).toMatch(/^Renovated: walls and floor/)

		// Disclosed as a trained model's edit: the label, XMP and C2PA say so.
		expect((await delivered(lamp.project, removed)).label).toBe('Virtually edited: items removed')
		const { label, xmp, credentials } = await delivered(walls.project, renovated)
		expect(label).toBe('Virtually renovated: walls, floor')
		expect(xmp['XMP-iptcExt:DigitalSourceType']).toBe(AI_EDITED_SOURCE_TYPE)
		const [actions] = credentials!.manifest.assertions!.getActionAssertions()
		expect(actions.actions[1].digitalSourceType).toBe(AI_EDITED_SOURCE_TYPE)
	},
	300_000,
)

/** Virtual Staging AI in a `rendo` child process: its edits are refused before the vendor is called, so no address answers. */
const VSAI_CLI = {
	RENDER_PROVIDER: 'virtual-staging-ai',
	RENDER_API_KEY: VSAI_TEST_KEY,
	RENDER_API_URL: 'http://127.0.0.1:9/v2',
}

const answer = async (run: () => unknown) => {
	const result = await settle(run as () => Promise<unknown>)
	return result.response ?? Response.json(result.data, { status: result.status })
}

test('Virtual Staging AI: every door greys both edits out beforehand, and refuses them, in its one line, with nothing stored or sent', async () => {
	stageThrough('virtual-staging-ai')
	const { actor, project, room } = await roomWithPhoto({ photo: photo('36') })

	// Core: the photo's things and surfaces are listed, none of them editable, with why.
	const listed = await listObjects(actor, room.id)
	expect(listed).toMatchObject({
		removable: false,
		notRemovable: VSAI_NO_SCOPED_EDITS,
		notRenovatable: VSAI_NO_SCOPED_EDITS,
	})
	expect(listed.objects.map((o) => o.id)).toEqual(expect.arrayContaining(['lamp', 'plant']))
	expect(listed.surfaces.map((s) => s.renovatable)).toEqual(listed.surfaces.map(() => false))
	await expect(editRoom(actor, room.id, { remove: 'lamp' })).rejects.toMatchObject({
		fieldErrors: { remove: [VSAI_NO_SCOPED_EDITS] },
	})
	await expect(editRoom(actor, room.id, { renovate: { walls: BLUE } })).rejects.toMatchObject({
		fieldErrors: { renovate: [VSAI_NO_SCOPED_EDITS] },
	})

	// The API: the objects list says it; the edit call is a 400 in its words.
	const cookie = await cookieFor({ id: project.userId })
	const params = { roomId: room.id }
	const objects = await answer(() =>
		objectsLoader({
			request: getRequest(`/api/property-studio/rooms/${room.id}/objects`, { cookie }),
			params,
			context: {},
		}),
	)
	expect(await objects.json()).toMatchObject({ removable: false, notRemovable: VSAI_NO_SCOPED_EDITS })
	const edit = await answer(() =>
		editAction({
			request: jsonRequest(`/api/property-studio/rooms/${room.id}/edit`, { remove: ['lamp'] }, { cookie }),
			params,
			context: {},
		}),
	)
	expect([edit.status, ((await edit.json()) as { message: string }).message]).toEqual([400, VSAI_NO_SCOPED_EDITS])

	// The studio's gallery: both links greyed out with the line.
	const page = (await pageLoader({
		request: getRequest(`/property-studio/${project.id}?step=results`, { cookie }),
		params: { id: project.id },
		context: {},
	})) as { editRefusals: unknown }
	expect(page.editRefusals).toEqual({ remove: VSAI_NO_SCOPED_EDITS, renovate: VSAI_NO_SCOPED_EDITS })
	// The Renovate panel opened by its address anyway says this provider's line, not the local preview's.
	const panel = (await pageLoader({
		request: getRequest(`/property-studio/${project.id}?step=results&edit=renovate&room=${room.id}`, { cookie }),
		params: { id: project.id },
		context: {},
	})) as { editPanel: { notRenovatable: string | null } }
	expect(panel.editPanel.notRenovatable).toBe(VSAI_NO_SCOPED_EDITS)

	// The command line: `rendo objects` says it under each table; `rendo edit` is refused with it.
	const objectsCli = await rendo(['objects', room.id], { env: VSAI_CLI })
	expect(objectsCli.code, objectsCli.stderr).toBe(0)
	expect(objectsCli.stdout.split('\n').filter((line) => line === VSAI_NO_SCOPED_EDITS)).toHaveLength(2)
	const editCli = await rendo(['edit', room.id, '--remove', 'lamp'], { env: VSAI_CLI })
	expect([editCli.code, editCli.stderr.trim()]).toEqual([2, `rendo: remove: ${VSAI_NO_SCOPED_EDITS}`])

	// Nothing was stored or sent anywhere.
	expect(await stagingRowsOf(room.id)).toEqual([])
	expect(await variationsOf(room.id)).toEqual([])
	const files = (config().storage as { root: string }).root
	expect(fs.existsSync(path.join(files, 'rooms', room.id))).toBe(false)
	expect(vsai.requests).toEqual([])
}, 120_000)

import { expect, test, vi } from 'vitest'

vi.hoisted(() => {
	process.env.RENDER_PROVIDER = 'openai'
	process.env.OPENAI_API_KEY = 'sk-test-openai'
	process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1'
})

import { createAccessToken } from '#core/accounts/access-tokens.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { getRequest, jsonRequest, settle } from '#tests/request.ts'
import { roomWithPhoto, variationsOf } from '#tests/staging.ts'
import { cookieFor } from '#tests/studio.ts'
import { action as processAction } from './property-studio.rooms.$roomId.process.ts'
import { loader } from './property-studio.render-options.ts'

// A server whose provider is OpenAI: what `rendo submit` and `rendo import` over HTTPS are told
// before they upload, and the edits then accepted by the process call (only queued here: no job
// runs, so OpenAI's address is never called).

const answer = async (run: () => unknown) => {
	const result = await settle(run as () => Promise<unknown>)
	return result.response ?? Response.json(result.data, { status: result.status })
}

test('a read token is told both photo edits are made, and nothing is unavailable', async () => {
	const user = await insertUser()
	const { secret } = await createAccessToken(actorFor(user), { name: 'laptop', scope: 'read', expiresIn: '30' })
	const request = getRequest('/api/property-studio/render-options')
	request.headers.set('authorization', `Bearer ${secret}`)
	const response = await answer(() => loader({ request, params: {}, context: {} }))
	expect(response.status).toBe(200)
	expect(response.headers.get('cache-control')).toBe('no-store')
	expect(await response.json()).toEqual({ canEmptyRoom: true, photoEdits: ['twilight', 'enhance'], unavailable: {} })

	const anonymous = await answer(() =>
		loader({ request: getRequest('/api/property-studio/render-options'), params: {}, context: {} }),
	)
	expect(anonymous.status).toBe(401)
})

test('the process call then takes twilight and enhance beside a style', async () => {
	const { room, project } = await roomWithPhoto({ roomType: 'exterior' })
	const cookie = await cookieFor({ id: project.userId })
	const response = await answer(() =>
		processAction({
			request: jsonRequest(
				`/api/property-studio/rooms/${room.id}/process`,
				{ styles: ['modern', 'twilight', 'enhance'], variationCount: 1 },
				{ cookie },
			),
			params: { roomId: room.id },
			context: {},
		}),
	)
	expect(response.status).toBe(202)
	expect((await variationsOf(room.id)).map((v) => v.style).sort()).toEqual(['enhance', 'modern', 'twilight'])
})

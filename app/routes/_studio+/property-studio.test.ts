import { expect, test } from 'vitest'
import { insertUser } from '#tests/factories.ts'
import { getRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { loader } from './property-studio._index.tsx'

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

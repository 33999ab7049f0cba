import { expect, test } from 'vitest'
import { accessTokens } from '#db/schema/accounts.ts'
import {
	hashToken,
	MAX_LIVE_TOKENS,
	STAFF_SCOPE_STAFF_ONLY,
	TOO_MANY_LIVE_TOKENS,
} from '#core/accounts/access-tokens.ts'
import { db } from '#core/platform/db.ts'
import { insertUser } from '#tests/factories.ts'
import { formRequest, getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { loader as projectsLoader } from '#app/routes/api+/property-studio.projects.ts'
import { action, loader } from './settings.api-tokens.tsx'

const page = (cookie?: string) =>
	settle(() => loader({ request: getRequest('/settings/api-tokens', { cookie }), params: {}, context: {} }))
const post = (intent: string, fields: Record<string, string>, cookie?: string) =>
	settle(() =>
		action({
			request: formRequest(`/settings/api-tokens?intent=${intent}`, fields, { cookie }),
			params: {},
			context: {},
		}),
	)

type Listed = { tokens: Array<{ id: string; name: string; scope: string; lastUsedAt: string | null }>; staff: boolean }
type Created = { created: { secret: string; name: string } | null; result: { error?: Record<string, string[]> } }

test('signed out, the page and its forms send you to sign in', async () => {
	for (const response of [await page(), await post('create', { name: 'x', scope: 'read', expiresIn: '30' })]) {
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toMatch(/^\/login\?redirectTo=%2Fsettings%2Fapi-tokens/)
	}
})

test('create shows the secret once; the list has name, scope and last use; revoke stops it', async () => {
	const cookie = await cookieFor(await insertUser({ role: 'agent' }))
	expect(await page(cookie)).toMatchObject({ status: 200, data: { tokens: [], staff: false } })

	const made = await post('create', { name: 'Office laptop', scope: 'read', expiresIn: '90' }, cookie)
	expect(made.status).toBe(200)
	expect(made.headers.get('cache-control')).toBe('no-store')
	const { created } = made.data as Created
	expect(created).toMatchObject({ name: 'Office laptop' })
	expect(created!.secret).toMatch(/^rendo_pat_/)

	const listed = (await page(cookie)).data as Listed
	expect(listed.tokens).toMatchObject([{ name: 'Office laptop', scope: 'read', lastUsedAt: null }])
	expect(JSON.stringify(listed)).not.toContain(created!.secret)

	const bearer = getRequest('/api/property-studio/projects')
	bearer.headers.set('authorization', `Bearer ${created!.secret}`)
	expect((await projectsLoader({ request: bearer, params: {}, context: {} })).status).toBe(200)
	expect(((await page(cookie)).data as Listed).tokens[0].lastUsedAt).not.toBeNull()

	const revoked = await post('revoke', { tokenId: listed.tokens[0].id }, cookie)
	expect(revoked.status).toBe(302)
	expect(revoked.headers.get('location')).toBe('/settings/api-tokens')
	expect(((await page(cookie)).data as Listed).tokens).toEqual([])
	const again = getRequest('/api/property-studio/projects')
	again.headers.set('authorization', `Bearer ${created!.secret}`)
	const refused = await settle(() => projectsLoader({ request: again, params: {}, context: {} }))
	expect(refused.status).toBe(401)
})

test('refusals come back beside the form: bad fields, staff scope for an agent; staff accounts may', async () => {
	const cookie = await cookieFor(await insertUser({ role: 'agent' }))
	const bad = await post('create', { name: '', scope: 'write', expiresIn: '7' }, cookie)
	expect(bad.status).toBe(400)
	expect(Object.keys((bad.data as Created).result.error ?? {}).sort()).toEqual(['expiresIn', 'name'])
	const staff = await post('create', { name: 'ops', scope: 'staff', expiresIn: '30' }, cookie)
	expect(staff.status).toBe(400)
	expect((staff.data as Created).result.error?.scope).toEqual([STAFF_SCOPE_STAFF_ONLY])

	const admin = await cookieFor(await insertUser({ role: 'admin' }))
	expect((await page(admin)).data).toMatchObject({ staff: true })
	const made = await post('create', { name: 'ops', scope: 'staff', expiresIn: 'never' }, admin)
	expect(made.status).toBe(200)
	expect(((await page(admin)).data as Listed).tokens).toMatchObject([{ name: 'ops', scope: 'staff' }])
})

test('the 21st live token is refused above the form', async () => {
	const user = await insertUser()
	await db.insert(accessTokens).values(
		Array.from({ length: MAX_LIVE_TOKENS }, (_, i) => ({
			userId: user.id,
			name: `key ${i}`,
			scope: 'read',
			tokenHash: hashToken(`${user.id}:${i}`),
		})),
	)
	const refused = await post('create', { name: 'one more', scope: 'read', expiresIn: '30' }, await cookieFor(user))
	expect(refused.status).toBe(400)
	expect((refused.data as Created).result.error).toEqual({ '': [TOO_MANY_LIVE_TOKENS] })
})

test('an unknown intent is a 400', async () => {
	const cookie = await cookieFor(await insertUser())
	await expect(post('delete-all', {}, cookie)).rejects.toMatchObject({ init: { status: 400 } })
})

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { db } from '#core/platform/db.ts'
import { type AppRoute, requestPage } from '#tests/app-build.ts'
import { RENDO_MARKETING } from '#tests/buyer-pages.ts'
import { giveLogo } from '#tests/checkout.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { formRequest, getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { action, loader } from './brochures.tsx'
import { action as testBrochureAction } from './test-brochure.tsx'
import { postTwoRoomPreference } from '#tests/preferences.ts'

let agent: Awaited<ReturnType<typeof insertUser>>
let agentCookie: string
let brochureId: string

beforeAll(async () => {
	agent = await insertUser({ firstName: 'Kit', lastName: 'Marlowe' })
	agentCookie = await cookieFor(agent)
	const submitted = await postTwoRoomPreference(agentCookie, {
		clientName: 'Pat Buyer',
		propertyAddress: '4 Dock Lane, Hull HU1 1AA',
		stylePreference: 'modern',
		agentEmail: 'kit@example.com',
	})
	;({ brochureId } = ((await submitted.json()) as { details: { brochureId: string } }).details)
	await drainJobs()
}, 120_000)

const post = (path: string, fields: Record<string, string>, cookie = agentCookie) =>
	settle(() => action({ request: formRequest(path, fields, { cookie }), params: {}, context: {} }))

test("Send to Buyer refuses a bad address with the spec's message, in the dialog of that brochure", async () => {
	const refused = await post('/brochures?intent=send', { brochureId, buyerName: 'Pat Buyer', buyerEmail: 'pat@' })
	expect(refused.status).toBe(400)
	expect(refused.data).toMatchObject({
		brochureId,
		result: { error: { buyerEmail: ['Valid email address is required'] } },
	})
})

test("someone else's brochure cannot be sent or rebuilt", async () => {
	const stranger = await cookieFor(await insertUser())
	const fields = { brochureId, buyerName: 'Pat Buyer', buyerEmail: 'pat@example.com' }
	const refused = await post('/brochures?intent=send', fields, stranger)
	expect(refused.status).toBe(400)
	expect(refused.data).toMatchObject({ result: { error: { '': [expect.any(String)] } } })
	const rebuilt = await post('/brochures?intent=regenerate', { brochureId }, stranger)
	expect(rebuilt.status).toBe(302)
	expect(rebuilt.headers.get('set-cookie')).toContain('rendo_toast')
})

test('a send redirects back to the address it came from, with the toast, and records the buyer', async () => {
	const sent = await post('/brochure-dashboard?intent=send&send=x', {
		brochureId,
		buyerName: 'Pat B. Buyer',
		buyerEmail: 'Pat@Example.com',
		personalMessage: 'Hi Pat',
	})
	expect(sent.status).toBe(302)
	expect(sent.headers.get('location')).toBe('/brochure-dashboard')
	expect(sent.headers.get('set-cookie')).toContain('rendo_toast')
	const [row] = await db.select().from(propertyBrochures).where(eq(propertyBrochures.id, brochureId))
	expect(row).toMatchObject({ buyerName: 'Pat B. Buyer', buyerEmail: 'pat@example.com' })

	const rebuilt = await post('/brochures?intent=regenerate', { brochureId })
	expect(rebuilt.status).toBe(302)
	expect(rebuilt.headers.get('location')).toBe('/brochures')
})

test('the test brochure page generates one and answers with its link', async () => {
	const generated = await settle(() =>
		testBrochureAction({
			request: formRequest('/test-brochure', {}, { cookie: agentCookie }),
			params: {},
			context: {},
		}),
	)
	expect(generated.data).toMatchObject({
		failed: false,
		generated: { brochure: { downloadUrl: expect.stringMatching(/^\/api\/brochures\/[0-9a-f]{32}$/) } },
	})
})

test("the dashboard hands Send to Buyer the room check's sentences of the brochure's flagged rooms", async () => {
	const [brochure] = await db.select().from(propertyBrochures).where(eq(propertyBrochures.id, brochureId))
	const [first] = await db
		.select()
		.from(roomImages)
		.where(eq(roomImages.brochureId, brochure.uniqueToken))
		.orderBy(roomImages.sortOrder)
	const listed = async () => {
		const { data } = await settle(() =>
			loader({ request: getRequest('/brochure-dashboard', { cookie: agentCookie }), params: {}, context: {} }),
		)
		return (data as { brochures: Array<{ id: string; roomChecks: string[] }> }).brochures.find(
			(b) => b.id === brochureId,
		)
	}
	expect((await listed())?.roomChecks).toEqual([])
	await db
		.update(roomImages)
		.set({ roomCheck: 'check', roomCheckNote: 'The floor looks different' })
		.where(eq(roomImages.id, first.id))
	expect((await listed())?.roomChecks).toEqual(['The floor looks different'])
})

// The web brochure as the app serves it: root, route, meta and error boundary.
const routes: AppRoute[] = [
	{
		id: 'routes/brochure.$uniqueToken',
		path: 'brochure/:uniqueToken',
		module: await import('./brochure.$uniqueToken.tsx'),
	},
	{
		id: 'routes/brochure.$uniqueToken_.logo',
		path: 'brochure/:uniqueToken/logo',
		module: await import('#app/routes/_files+/brochure.$uniqueToken_.logo.ts'),
	},
]
describe("the brochure's web page, in the agent's brand", () => {
	const get = async (path: string) => {
		const response = await requestPage(routes, path)
		return { response, text: await response.text() }
	}
	const tokenOf = async () =>
		(await db.select().from(propertyBrochures).where(eq(propertyBrochures.id, brochureId)))[0].uniqueToken

	test("before a brand profile: a plain header with the agent's name; none of Rendo's header or footer", async () => {
		const { text } = await get(`/brochure/${await tokenOf()}`)
		const header = text.match(/<header[\s\S]*?<\/header>/)?.[0] ?? ''
		expect(header).toContain('Kit Marlowe')
		expect(header).not.toContain('Rendo')
		expect(text).toContain('4 Dock Lane, Hull HU1 1AA')
		expect(text).toContain('Made with Rendo')
		for (const marketing of RENDO_MARKETING) expect(text).not.toContain(marketing)
	})

	test("with one: the agency's logo, colours and contact", async () => {
		const token = await tokenOf()
		await onboardAgent(actorFor(agent), {
			companyName: 'Dockside Lettings',
			agentName: 'Kit Marlowe',
			email: `kit.${agent.id.slice(0, 8)}@dockside.example`,
			phone: '+44 1482 000000',
			primaryColor: '#7a1f2b',
			accentColor: '#0e7490',
		})
		const logo = await giveLogo(agent, { width: 200, height: 80, colour: '#7a1f2b' })
		const { text } = await get(`/brochure/${token}`)
		const logoSrc = `/brochure/${token}/logo?v=${Date.parse(logo.logoUploadedAt!)}`
		expect(text).toContain(`<img src="${logoSrc}" alt="Dockside Lettings"`)
		expect(text).toContain('href="tel:+441482000000"')
		expect(text).toContain(`href="mailto:kit.${agent.id.slice(0, 8)}@dockside.example"`)
		expect(text).toContain('background-color:#7a1f2b;color:#ffffff')
		expect(text).toContain('--color-brand:#7a1f2b;--color-accent:#0e7490')
		expect(text).toMatch(/<title>4 Dock Lane, Hull HU1 1AA \| Dockside Lettings<\/title>/)
		for (const marketing of RENDO_MARKETING) expect(text).not.toContain(marketing)

		const served = await requestPage(routes, logoSrc.replace(/\?.*/, ''))
		expect(served.status).toBe(200)
		expect(served.headers.get('content-type')).toBe('image/png')
		expect((await requestPage(routes, `/brochure/${'f'.repeat(32)}/logo`)).status).toBe(404)
	})
})

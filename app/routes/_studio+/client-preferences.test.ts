import type { LoaderFunctionArgs } from '@remix-run/node'
import { expect, test } from 'vitest'
import { insertUser } from '#tests/factories.ts'
import { cookieFrom, getRequest, settle } from '#tests/request.ts'
import { cookieFor, smallRoomPhoto } from '#tests/studio.ts'
import { action, loader } from './client-preferences.tsx'
import { action as demoAction, loader as demoLoader } from './multi-room-demo.tsx'

type Refusal = {
	result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
	toast: unknown
}
type Page = {
	confirmation: { message: string; details: { propertyAddress: string; rooms: Array<{ roomType: string }> } } | null
}

const fields = { clientName: 'Jane Buyer', propertyAddress: '12 Oak Street, Bristol', agentEmail: 'agent@example.com' }

async function post(path: string, cookie: string, photoNames: string[], run = action) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	const bytes = new Uint8Array(await smallRoomPhoto())
	for (const name of photoNames) form.append('property-images', new Blob([bytes], { type: 'image/jpeg' }), name)
	const request = new Request(`http://localhost:3000${path}`, { method: 'POST', body: form, headers: { cookie } })
	return settle(() => run({ request, params: {}, context: {} }))
}

async function pageFor(path: string, cookie: string, run: (args: LoaderFunctionArgs) => Promise<unknown> = loader) {
	const answer = await settle(() => run({ request: getRequest(path, { cookie }), params: {}, context: {} }))
	return { ...answer, page: answer.data as Page }
}

test('a multi-room request posted to ?intent=multi redirects to its confirmation, shown once', async () => {
	const cookie = await cookieFor(await insertUser())
	const answer = await post('/client-preferences?intent=multi', cookie, ['living-room.jpg', 'kitchen.jpg'])
	expect(answer.status).toBe(302)
	expect(answer.headers.get('location')).toBe('/client-preferences')

	const withFlash = `${cookie}; ${cookieFrom(answer.response!)}`
	const { page, headers } = await pageFor('/client-preferences', withFlash)
	expect(page.confirmation?.details.propertyAddress).toBe(fields.propertyAddress)
	expect(page.confirmation?.details.rooms).toEqual([{ roomType: 'living' }, { roomType: 'kitchen' }])
	// The flash is cleared as it is read: a reload shows the form again.
	expect(headers.get('set-cookie')).toMatch(/rendo_preference=;/)
	expect((await pageFor('/client-preferences', cookie)).page.confirmation).toBeNull()
})

test("a refused request comes back as the form's errors, with what was typed", async () => {
	const cookie = await cookieFor(await insertUser())
	const answer = await post('/client-preferences?intent=multi', cookie, ['living-room.jpg'])
	expect(answer.status).toBe(400)
	const { result, toast } = answer.data as Refusal
	expect(result.error?.['property-images']).toEqual(['Insufficient room images'])
	expect(result.error?.['']).toEqual(['Multi-room submission failed: Bad Request'])
	expect(result.initialValue).toMatchObject(fields)
	expect(toast).toEqual({ title: 'Error submitting preferences', description: 'Insufficient room images' })
})

test("the photo rules are the intent's: the single room form needs its photo or the listing's link", async () => {
	const cookie = await cookieFor(await insertUser())
	const single = await post('/client-preferences?intent=single', cookie, [])
	expect(single.status).toBe(400)
	expect((single.data as Refusal).result.error?.image).toEqual(['Missing property image'])
	expect((single.data as Refusal).result.error?.['']).toEqual(['Single room submission failed: Bad Request'])
	await expect(post('/client-preferences?intent=other', cookie, [])).rejects.toMatchObject({ init: { status: 400 } })
})

test('nobody signed in is sent to log in before a photo is read', async () => {
	const answer = await post('/client-preferences?intent=multi', '', ['kitchen.jpg'])
	expect(answer.status).toBe(302)
	expect(answer.headers.get('location')).toMatch(/^\/login\?/)
})

test('the multi-room demo redirects with its success toast to its confirmation', async () => {
	const cookie = await cookieFor(await insertUser())
	const answer = await post('/multi-room-demo', cookie, ['bathroom.jpg'], demoAction)
	expect(answer.status).toBe(302)
	expect(answer.headers.get('location')).toBe('/multi-room-demo')
	expect(answer.headers.get('set-cookie')).toMatch(/rendo_toast=/)
	const { page } = await pageFor('/multi-room-demo', `${cookie}; ${cookieFrom(answer.response!)}`, demoLoader)
	expect(page.confirmation?.details.rooms).toEqual([{ roomType: 'bathroom' }])
})

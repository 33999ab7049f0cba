import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { users } from '#db/schema/accounts.ts'
import { loader as logoLoader } from '#app/routes/api+/user.logo.ts'
import { loader as logoImageLoader } from '#app/routes/api+/user.logo_.image.ts'
import { action as uploadAction } from '#app/routes/api+/user.upload-logo.ts'
import { db } from '#core/platform/db.ts'
import { storage } from '#core/platform/storage.ts'
import { insertUser } from '#tests/factories.ts'
import { getRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { readLogo } from './logo.ts'

const call = (fn: (args: never) => unknown, request: Request) =>
	fn({ request, params: {}, context: {} } as never) as Promise<Response>

function upload(cookie: string, bytes: Buffer, name: string, type: string) {
	const form = new FormData()
	form.set('logo', new Blob([new Uint8Array(bytes)], { type }), name)
	return call(
		uploadAction,
		new Request('http://localhost:3000/api/user/upload-logo', { method: 'POST', body: form, headers: { cookie } }),
	)
}

const png = (width = 300, height = 120) =>
	sharp({ create: { width, height, channels: 4, background: '#1d4ed8' } })
		.png()
		.toBuffer()
const svg = (inner: string) =>
	Buffer.from(
		`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="80" viewBox="0 0 200 80">${inner}</svg>`,
	)

async function signedIn() {
	const user = await insertUser()
	return { user, cookie: await cookieFor(user) }
}

describe('the account logo', () => {
	test('none at first; a PNG upload is stored and served to its owner only', async () => {
		const { user, cookie } = await signedIn()
		expect(await (await call(logoLoader, getRequest('/api/user/logo', { cookie }))).json()).toEqual({
			hasLogo: false,
			logoUrl: null,
			logoUploadedAt: null,
		})

		const response = await upload(cookie, await png(), 'logo.png', 'image/png')
		expect(response.status).toBe(200)
		const state = await response.json()
		expect(state).toMatchObject({
			hasLogo: true,
			logoUrl: expect.stringMatching(/^\/api\/user\/logo\/image\?v=\d+$/),
			logoUploadedAt: expect.any(String),
		})
		expect(await (await call(logoLoader, getRequest('/api/user/logo', { cookie }))).json()).toEqual(state)

		const image = await call(logoImageLoader, getRequest(state.logoUrl, { cookie }))
		expect(image.status).toBe(200)
		expect(image.headers.get('content-type')).toBe('image/png')
		const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 120])
		expect((await readLogo(user.id))?.length).toBeGreaterThan(0)

		const { cookie: strangerCookie } = await signedIn()
		expect((await call(logoImageLoader, getRequest(state.logoUrl, { cookie: strangerCookie }))).status).toBe(404)
		expect((await call(logoLoader, getRequest('/api/user/logo'))).status).toBe(401)
	})

	test('a JPEG is kept as a PNG; a new logo replaces the old file', async () => {
		const { user, cookie } = await signedIn()
		await upload(cookie, await png(), 'first.png', 'image/png')
		const [first] = await db.select().from(users).where(eq(users.id, user.id))
		const jpeg = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#222' } })
			.jpeg()
			.toBuffer()
		expect((await upload(cookie, jpeg, 'logo.JPG', 'image/jpeg')).status).toBe(200)
		const [second] = await db.select().from(users).where(eq(users.id, user.id))
		expect(second.logoUrl).not.toBe(first.logoUrl)
		expect(await storage().exists(first.logoUrl!)).toBe(false)
		const meta = await sharp((await readLogo(user.id))!).metadata()
		// Stored at most 1200 px a side.
		expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 300])
	})

	test('an SVG is drawn to a PNG: no script survives, and references to other files are refused', async () => {
		const { user, cookie } = await signedIn()
		const scripted = svg(
			'<rect width="200" height="80" fill="#e11d48"/><script>alert(document.cookie)</script><a href="#x"><circle r="5" onclick="alert(1)"/></a>',
		)
		expect((await upload(cookie, scripted, 'logo.svg', 'image/svg+xml')).status).toBe(200)
		const stored = (await readLogo(user.id))!
		expect(stored.subarray(1, 4).toString()).toBe('PNG')
		expect(stored.includes('script')).toBe(false)
		const meta = await sharp(stored).metadata()
		expect([meta.width, meta.height]).toEqual([1200, 480])

		for (const evil of [
			svg('<image href="file:///etc/passwd" width="200" height="80"/>'),
			svg('<image xlink:href="other-upload" width="200" height="80"/>'),
			Buffer.from(
				'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>',
			),
		]) {
			const refused = await upload(cookie, evil, 'logo.svg', 'image/svg+xml')
			expect(refused.status).toBe(400)
			expect(await refused.json()).toMatchObject({ message: 'Invalid File Type' })
		}
	})

	test("other files get the spec's titles: 'Invalid File Type' and 'File Too Large'; nothing is kept", async () => {
		const { user, cookie } = await signedIn()
		const text = await upload(cookie, Buffer.from('hello, not an image'), 'logo.png', 'image/png')
		expect(text.status).toBe(400)
		expect(await text.json()).toEqual({
			message: 'Invalid File Type',
			errors: { logo: ['Please upload a PNG, JPG or SVG file.'] },
		})

		const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
			.gif()
			.toBuffer()
		expect(await (await upload(cookie, gif, 'logo.gif', 'image/gif')).json()).toMatchObject({
			message: 'Invalid File Type',
		})

		const big = await upload(cookie, Buffer.alloc(5 * 1024 * 1024, 1), 'logo.png', 'image/png')
		expect(big.status).toBe(400)
		expect(await big.json()).toEqual({
			message: 'File Too Large',
			errors: { logo: ['Your logo must be smaller than 5MB.'] },
		})

		const [row] = await db.select().from(users).where(eq(users.id, user.id))
		expect(row.logoUrl).toBeNull()
	})
})

import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { rawPost as post } from '../raw-post.ts'
import { expect, test } from './axe.ts'

// The real server over real HTTP, from a client that is careless or hostile about body sizes.
// No browser is needed: the desktop project runs these once (playwright.config.ts leaves them out
// of the phone project on purpose: a phone viewport changes nothing about raw HTTP bodies).

const MB = 1024 * 1024

test('a declared body over the limit is refused with 413 before it is sent', async ({ baseURL }) => {
	const stripe = await post(baseURL!, '/api/stripe/webhook', {
		total: 200 * MB,
		contentType: 'application/json',
		declare: true,
	})
	expect(stripe.status).toBe(413)
	expect(JSON.parse(stripe.body)).toEqual({ message: 'Request body is too large' })
	expect(stripe.sent).toBe(0)
	const upload = await post(baseURL!, '/api/try-it-free', {
		total: 30 * MB,
		contentType: 'multipart/form-data; boundary=x',
		declare: true,
	})
	expect(upload.status).toBe(413)
	expect(upload.sent).toBe(0)
})

test('a streamed body with no declared size is cut off at the limit, not read to the end', async ({ baseURL }) => {
	const login = await post(baseURL!, '/api/auth/login', {
		total: 200 * MB,
		contentType: 'application/json',
		declare: false,
	})
	expect(login.status).toBe(413)
	// The answer came while the client was still sending (the server drops what follows for a few seconds).
	expect(login.sent).toBeLessThan(200 * MB)
	const register = await post(baseURL!, '/api/auth/register', {
		total: 5 * MB,
		contentType: 'application/x-www-form-urlencoded',
		declare: false,
	})
	expect(register.status).toBe(413)
})

test('ordinary bodies still get their ordinary answers', async ({ request }) => {
	const login = await request.post('/api/auth/login', {
		data: { username: `nobody-${randomUUID()}`, password: 'wrong-password' },
	})
	expect(login.status()).toBe(401)
})

test('text PostgreSQL cannot store (NUL, bytes that are not UTF-8) is a 400 wherever it comes in', async ({
	request,
}) => {
	const badText = { message: 'Text must be valid UTF-8 and may not contain NUL characters' }
	const nulJson = await request.post('/api/auth/login', { data: { username: 'a\u0000b', password: 'whatever-it-is' } })
	expect(nulJson.status()).toBe(400)
	expect(await nulJson.json()).toEqual(badText)
	const notUtf8 = await request.post('/api/auth/login', {
		headers: { 'content-type': 'application/json' },
		data: Buffer.concat([Buffer.from('{"username":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","password":"x"}')]),
	})
	expect(notUtf8.status()).toBe(400)
	const nulForm = await request.post('/login', {
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		data: 'username=a%00b&password=x',
	})
	expect(nulForm.status()).toBe(400)
	expect((await request.get('/api/auth/me?x=%FF')).status()).toBe(400)
	const nulField = await request.post('/api/try-it-free', {
		multipart: { name: 'Ann\u0000', email: 'ann@example.com' },
	})
	expect(nulField.status()).toBe(400)
	expect(await nulField.json()).toMatchObject(badText)
})

test("JSON posted to a page's action is refused with 415, not a crash", async ({ request }) => {
	const response = await request.post('/login', { data: { username: 'ann', password: 'x' } })
	expect(response.status()).toBe(415)
	expect(await response.json()).toEqual({
		message: 'Send this form as application/x-www-form-urlencoded or multipart/form-data',
	})
})

test('a refused request leaves its keep-alive connection usable afterwards', async ({ baseURL }) => {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
	const get = (path: string) =>
		new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
			http
				.get(new URL(path, baseURL), { agent }, (res) => {
					res.resume()
					res.on('end', () => resolve({ status: res.statusCode!, socket: res.socket }))
				})
				.on('error', reject)
		})
	try {
		const refused = await get('/api/auth/me?x=%FF')
		expect(refused.status).toBe(400)
		// Past the time a cut-off body is drained for: the connection must still be the same, and open.
		await new Promise((r) => setTimeout(r, 3_500))
		const next = await get('/health')
		expect(next.status).toBe(200)
		expect(next.socket).toBe(refused.socket)
	} finally {
		agent.destroy()
	}
})

import dns from 'node:dns'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { transformationRenders, transformations } from '#db/schema/transformations.ts'
import { InputError, NotFoundError, UnauthenticatedError } from '#core/errors.ts'
import { anonymousActor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { outboxMessages } from '#tests/outbox.ts'
import { smallRoomPhoto } from '#tests/studio.ts'
import { allowLoopbackPortForTests, isPublicAddress } from './guarded-fetch.ts'
import { imageUrlsFromHtml } from './listing-images.ts'
import {
	createTransformation,
	getTransformation,
	listOwnTransformations,
	transformationFileKey,
} from './transformations.ts'

// msw answers the made-up public listing site; anything else unhandled goes to the real network
// (the loopback servers below), and the test DNS stub decides what names resolve to.
const msw = setupServer()
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => {
	msw.resetHandlers()
	vi.restoreAllMocks()
})
afterAll(() => msw.close())

function resolveNames(names: Record<string, string>) {
	const real = dns.promises.lookup.bind(dns.promises)
	vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string, options: unknown) => {
		if (host in names) return [{ address: names[host], family: names[host].includes(':') ? 6 : 4 }]
		return real(host, options as dns.LookupAllOptions)
	}) as typeof dns.promises.lookup)
}

async function photoOnDisk() {
	const file = path.join(os.tmpdir(), `transform-${Date.now()}-${Math.random()}.jpg`)
	fs.writeFileSync(file, await smallRoomPhoto())
	return file
}

/** A listing site served by the test on loopback, let through by the test-only allowance. */
async function loopbackSite(routes: Record<string, (res: http.ServerResponse, base: string) => void>) {
	const server = http.createServer((req, res) => {
		const route = routes[req.url ?? '']
		if (route) route(res, `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
		else res.writeHead(404).end()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = (server.address() as AddressInfo).port
	const revoke = allowLoopbackPortForTests(port)
	return {
		base: `http://127.0.0.1:${port}`,
		close: async () => {
			revoke()
			await new Promise((resolve) => server.close(resolve))
		},
	}
}

describe('upload mode', () => {
	test('stores the row, one render per area, renders them and e-mails the results', async () => {
		const user = await insertUser()
		const actor = actorFor(user)
		const file = await photoOnDisk()
		const created = await createTransformation(
			actor,
			{ style: 'scandinavian', areas: '["kitchen","backyard"]', emailResults: 'true', email: '' },
			{ path: file },
		)
		expect(created).toMatchObject({
			status: 'pending',
			style: 'scandinavian',
			areas: ['kitchen', 'backyard'],
			emailResults: true,
		})
		expect(created.results.map((r) => r.area)).toEqual(['kitchen', 'backyard'])

		await drainJobs()
		await drainJobs()
		const done = await getTransformation(actor, created.id)
		expect(done.status).toBe('completed')
		expect(done.afterImageUrl).toBe(`/files/transformations/${created.id}/after`)
		expect(done.results.every((r) => r.status === 'completed' && r.imageUrl)).toBe(true)
		// The local renderer made them: the view and the e-mail say they are previews.
		expect(done.isPreview).toBe(true)
		expect(done.results.every((r) => r.isPreview)).toBe(true)
		expect(await transformationFileKey(actor, created.id, 'backyard')).toMatch(/result-backyard\.jpg$/)

		const mail = outboxMessages().find(
			(m) => m.subject === 'Your Rendo transformation is ready' && m.to.includes(user.email),
		)
		expect(mail?.body).toContain('rendo-scandinavian-kitchen.jpg')
		expect(mail?.body).toContain('rendo-scandinavian-backyard.jpg')
		expect(mail?.body).toContain('Preview, not staged: these images are colour previews')
		fs.rmSync(file, { force: true })
	})

	test('defaults: no areas means kitchen, no style means modern; the spec messages for missing input', async () => {
		const actor = actorFor(await insertUser())
		const file = await photoOnDisk()
		const created = await createTransformation(actor, { areas: '[]' }, { path: file })
		expect(created).toMatchObject({ style: 'modern', areas: ['kitchen'], emailResults: false })

		await expect(createTransformation(actor, {}, null)).rejects.toMatchObject({
			fieldErrors: { image: ['No file selected'] },
		})
		await expect(createTransformation(actor, { mode: 'url' }, null)).rejects.toMatchObject({
			fieldErrors: { propertyUrl: ['No URL provided'] },
		})
		await expect(createTransformation(anonymousActor, {}, { path: file })).rejects.toThrow(
			new UnauthenticatedError('You must be logged in to transform photos'),
		)
		fs.writeFileSync(file, 'not an image')
		await expect(createTransformation(actor, {}, { path: file })).rejects.toBeInstanceOf(InputError)
		fs.rmSync(file, { force: true })
	})

	test('owners and admins see a transformation; other users get a 404', async () => {
		const owner = actorFor(await insertUser())
		const file = await photoOnDisk()
		const { id } = await createTransformation(owner, {}, { path: file })
		fs.rmSync(file, { force: true })
		await expect(getTransformation(actorFor(await insertUser()), id)).rejects.toBeInstanceOf(NotFoundError)
		expect((await getTransformation(actorFor(await insertUser({ role: 'admin' })), id)).id).toBe(id)
		expect((await listOwnTransformations(owner)).map((t) => t.id)).toEqual([id])
	})
})

describe('URL mode (SSRF rules)', () => {
	// Names whose DNS answer is a private address in one of its many spellings: the guard checks
	// each answer, which is also the address the connection is then made to.
	const privateNames = {
		'intranet.example': '10.0.0.5',
		'mapped.example': '::ffff:10.0.0.5',
		'compatible.example': '::127.0.0.1',
		'sixtofour.example': '2002:a00:5::1',
		'nat64.example': '64:ff9b::169.254.169.254',
		'unspecified.example': '0.0.0.0',
		'unspecified6.example': '::',
	}

	// This machine or a private network, however written. The URL parser turns the decimal, octal,
	// hex and short IPv4 spellings into dotted form; the IPv6 ones the guard has to see through.
	test.each([
		'http://127.0.0.1/listing',
		'http://169.254.169.254/latest/meta-data/',
		'http://[::1]/x',
		'http://0.0.0.0/',
		'http://[::]/',
		'http://2130706433/',
		'http://0177.0.0.1/',
		'http://0x7f.1/',
		'http://0x7f000001/',
		'http://127.1/',
		'http://[::127.0.0.1]/',
		'http://[::10.0.0.5]/',
		'http://[::ffff:127.0.0.1]/',
		'http://[::ffff:7f00:1]/',
		'http://[0:0:0:0:0:ffff:169.254.169.254]/',
		'http://[::ffff:0:127.0.0.1]/',
		'http://[2002:7f00:1::]/',
		'http://[2002:a9fe:a9fe::1]/',
		'http://[64:ff9b::127.0.0.1]/',
		'http://[64:ff9b::a9fe:a9fe]/',
		'http://[64:ff9b:1::a00:5]/',
		'http://[2001::1]/',
		'http://[fe80::1]/',
		'http://[fd00::1]/',
		'http://[fec0::1]/',
		'http://[ff02::1]/',
		'http://100.64.0.1/',
		'http://198.18.0.1/',
		'http://224.0.0.1/',
		'http://255.255.255.255/',
		...Object.keys(privateNames).map((name) => `http://${name}/house`),
	])('%s is refused before any request', async (url) => {
		const user = await insertUser()
		resolveNames(privateNames)
		const requests = [vi.spyOn(http, 'request'), vi.spyOn(https, 'request')]
		await expect(createTransformation(actorFor(user), { propertyUrl: url }, null)).rejects.toMatchObject({
			fieldErrors: { propertyUrl: ['That address points to a private network and is not allowed'] },
		})
		for (const request of requests) expect(request).not.toHaveBeenCalled()
		expect(await db.select().from(transformations).where(eq(transformations.userId, user.id))).toHaveLength(0)
	})

	test('other schemes and ports are refused before any request', async () => {
		const user = await insertUser()
		const actor = actorFor(user)
		for (const url of ['ftp://93.184.216.34/x', 'http://93.184.216.34:8080/x'])
			await expect(createTransformation(actor, { propertyUrl: url }, null), url).rejects.toMatchObject({
				fieldErrors: { propertyUrl: [expect.stringMatching(/not allowed|Only/)] },
			})
		expect(await db.select().from(transformations).where(eq(transformations.userId, user.id))).toHaveLength(0)
	})

	test('a redirect to a private address is refused', async () => {
		const actor = actorFor(await insertUser())
		const site = await loopbackSite({
			'/listing': (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
		})
		try {
			await expect(createTransformation(actor, { propertyUrl: `${site.base}/listing` }, null)).rejects.toMatchObject({
				fieldErrors: { propertyUrl: ['That address points to a private network and is not allowed'] },
			})
		} finally {
			await site.close()
		}
	})

	test('a listing page on loopback (test-only allowance): its og:image and img photos become the sources', async () => {
		const user = await insertUser()
		const photo = await smallRoomPhoto()
		const site = await loopbackSite({
			'/listing': (res) =>
				res
					.writeHead(200, { 'content-type': 'text/html' })
					.end(
						'<html><head><meta property="og:image" content="/photos/front.jpg"></head><body><img src="/photos/kitchen.jpg"><img src="data:image/png;base64,AAAA"><img src="/photos/missing.jpg"></body></html>',
					),
			'/photos/front.jpg': (res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo),
			'/photos/kitchen.jpg': (res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo),
		})
		try {
			const created = await createTransformation(
				actorFor(user),
				{ propertyUrl: `${site.base}/listing`, areas: '["kitchen","living","bedroom"]' },
				null,
			)
			expect(created.propertyUrl).toBe(`${site.base}/listing`)
			const renders = await db
				.select()
				.from(transformationRenders)
				.where(eq(transformationRenders.transformationId, created.id))
			// two usable photos for three areas: the third area wraps round to the first photo
			expect(new Set(renders.map((r) => r.sourceKey)).size).toBe(2)
		} finally {
			await site.close()
		}
	})

	test('a public listing site (msw) with a DNS answer that is public', async () => {
		resolveNames({ 'listing.example': '93.184.216.34' })
		const photo = await smallRoomPhoto()
		msw.use(
			mswHttp.get('http://listing.example/house/42', () =>
				HttpResponse.html('<meta content="http://listing.example/p/1.jpg" property="og:image">'),
			),
			mswHttp.get(
				'http://listing.example/p/1.jpg',
				() => new HttpResponse(photo, { headers: { 'content-type': 'image/jpeg' } }),
			),
		)
		const created = await createTransformation(
			actorFor(await insertUser()),
			{ propertyUrl: 'http://listing.example/house/42', style: 'rustic' },
			null,
		)
		expect(created).toMatchObject({
			style: 'rustic',
			areas: ['kitchen'],
			beforeImageUrl: expect.stringContaining('/before'),
		})
	})

	test('a page with no usable image, or that cannot be loaded, is a clear error', async () => {
		resolveNames({ 'listing.example': '93.184.216.34' })
		msw.use(
			mswHttp.get('http://listing.example/empty', () => HttpResponse.html('<p>No photos</p>')),
			mswHttp.get('http://listing.example/gone', () => new HttpResponse('gone', { status: 410 })),
		)
		const actor = actorFor(await insertUser())
		await expect(
			createTransformation(actor, { propertyUrl: 'http://listing.example/empty' }, null),
		).rejects.toMatchObject({
			fieldErrors: { propertyUrl: ['No images were found on that listing page'] },
		})
		await expect(
			createTransformation(actor, { propertyUrl: 'http://listing.example/gone' }, null),
		).rejects.toMatchObject({
			fieldErrors: { propertyUrl: ['Could not load the listing page: The server answered 410'] },
		})
	})
})

test.each([
	// IPv4: this machine, private networks, link-local (cloud metadata), CGNAT, benchmarking,
	// documentation, multicast, broadcast and reserved
	'0.0.0.0',
	'10.1.2.3',
	'172.16.0.1',
	'172.31.255.255',
	'192.168.1.1',
	'127.0.0.1',
	'127.255.255.254',
	'169.254.169.254',
	'100.64.0.1',
	'100.127.255.255',
	'192.0.0.8',
	'192.0.2.1',
	'198.18.0.1',
	'198.19.255.255',
	'198.51.100.1',
	'203.0.113.7',
	'224.0.0.1',
	'239.255.255.250',
	'240.0.0.1',
	'255.255.255.255',
	// IPv6: unspecified, loopback in any notation, link-local, unique local, old site-local, multicast, documentation
	'::',
	'::1',
	'0:0:0:0:0:0:0:1',
	'fe80::1',
	'fe80::1%eth0',
	'febf::1',
	'fc00::1',
	'fd00::1',
	'fec0::1',
	'ff02::1',
	'2001:db8::1',
	'3fff::1',
	// IPv4 written as IPv6: compatible, mapped (dotted and hex), translated, and the embeddings
	'::127.0.0.1',
	'::7f00:1',
	'::10.0.0.1',
	'::8.8.8.8',
	'::ffff:10.0.0.1',
	'::ffff:127.0.0.1',
	'::ffff:7f00:1',
	'::FFFF:7F00:1',
	'::ffff:0:127.0.0.1',
	'2002:7f00:1::',
	'2002:a9fe:a9fe::1',
	'2002:c0a8:101::1',
	'64:ff9b::127.0.0.1',
	'64:ff9b::7f00:1',
	'64:ff9b::a00:1',
	'64:ff9b:1::a00:1',
	// Teredo and the other IETF protocol assignments
	'2001::1',
	'2001:0:4136:e378:8000:63bf:3fff:fdd2',
	// a zone index names one of our own interfaces; and what is not an address at all
	'2606:4700::1111%1',
	'localhost',
	'',
])('address classification: %s is not public', (address) => {
	expect(isPublicAddress(address)).toBe(false)
})

test.each([
	'93.184.216.34',
	'8.8.8.8',
	'1.1.1.1',
	'11.0.0.1',
	'100.128.0.1',
	'172.32.0.1',
	'198.20.0.1',
	'223.255.255.254',
	'2606:4700::1111',
	'2a00:1450:4001:81c::200e',
	'2001:4860:4860::8888',
	// 6to4 and NAT64 addresses are as public as the IPv4 address they carry
	'2002:5db8:d822::1',
	'64:ff9b::93.184.216.34',
	'64:ff9b::808:808',
])('address classification: %s is public', (address) => {
	expect(isPublicAddress(address)).toBe(true)
})

test('page parsing', () => {
	const urls = imageUrlsFromHtml(
		`<img src='/a.jpg'><meta name="og:image" content="https://cdn.example/b.jpg?x=1&amp;y=2"><img data-src="c.png" src="data:x"><img src="/a.jpg"><img src="javascript:alert(1)">`,
		new URL('https://site.example/listing/1'),
	)
	expect(urls).toEqual([
		'https://cdn.example/b.jpg?x=1&y=2',
		'https://site.example/a.jpg',
		'https://site.example/listing/c.png',
	])
})

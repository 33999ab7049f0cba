import fs from 'node:fs'
import type http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { actorFor, insertUser } from '#tests/factories.ts'
import { appBuild } from '#tests/app-build.ts'
import { cookieFor } from '#tests/studio.ts'
import { config } from '#core/platform/config.ts'
import { createProject } from '#core/studio/projects.ts'
import { createRequestHandler } from './request-handler.server.ts'

const uploadDir = () => path.join(config().dataDir, 'tmp', 'uploads', String(process.pid))
/** The temp files of this process's uploads now on disk. */
const tempFiles = () => (fs.existsSync(uploadDir()) ? fs.readdirSync(uploadDir()) : [])

let server: http.Server
let port: number
/** Requests the handler is still working on: one that outlives its client holds its file and its memory. */
let inFlight = 0

beforeAll(async () => {
	const build = await appBuild([
		{
			id: 'routes/api+/property-studio.upload-image',
			path: 'api/property-studio/upload-image',
			module: await import('#app/routes/api+/property-studio.upload-image.ts'),
		},
		{
			id: 'routes/api+/user.upload-logo',
			path: 'api/user/upload-logo',
			module: await import('#app/routes/api+/user.upload-logo.ts'),
		},
		{
			id: 'routes/api+/transformations',
			path: 'api/transformations',
			module: await import('#app/routes/api+/transformations.ts'),
		},
		{ id: 'routes/api+/try-it-free', path: 'api/try-it-free', module: await import('#app/routes/api+/try-it-free.ts') },
		{
			id: 'routes/_studio+/property-studio.$id',
			path: 'property-studio/:id',
			module: await import('#app/routes/_studio+/property-studio.$id.tsx'),
		},
	])
	const handle = createRequestHandler({
		build,
		mode: 'production',
		// Each trial its own address, so the per-address limit does not refuse it before its body is read.
		getLoadContext: (req) => ({ clientAddress: String(req.headers['x-test-address'] ?? '203.0.113.1') }),
	})
	const app = express()
	app.all('*', async (req, res, next) => {
		inFlight++
		try {
			await handle(req, res, next)
		} finally {
			inFlight--
		}
	})
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	port = (server.address() as AddressInfo).port
})

afterAll(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

async function until(what: string, check: () => boolean, ms: number) {
	const deadline = Date.now() + ms
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

const BOUNDARY = 'rendo-aborted-upload'

/**
 * A multipart upload over a raw socket that declares 4 MB and sends the first 256 kB of its file,
 * as a phone losing its signal on a train does; the socket is returned open, for the test to drop.
 */
function startUpload(door: { path: string; field: string; headers?: Record<string, string> }) {
	const socket = net.connect(port, '127.0.0.1')
	socket.on('error', () => {})
	const head = Buffer.from(
		`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${door.field}"; filename="room.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
	)
	socket.write(
		[
			`POST ${door.path} HTTP/1.1`,
			`Host: 127.0.0.1:${port}`,
			`Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
			`Content-Length: ${4 * 1024 * 1024}`,
			...Object.entries(door.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
			'',
			'',
		].join('\r\n'),
	)
	socket.write(Buffer.concat([head, Buffer.alloc(256 * 1024, 0xff)]))
	return socket
}

test('20 uploads dropped mid-body, at every kind of door, leave no temp file and no request running', async () => {
	const user = await insertUser()
	const cookie = await cookieFor(user)
	const project = await createProject(actorFor(user), { propertyAddress: '1 Abort Lane, Leeds LS1 1AA' })
	const doors = [
		// The studio's photo upload, signed in: the door the agents' phones use.
		{ path: '/api/property-studio/upload-image', field: 'image', headers: { Cookie: cookie } },
		{ path: '/api/user/upload-logo', field: 'logo', headers: { Cookie: cookie } },
		{ path: '/api/transformations', field: 'image', headers: { Cookie: cookie } },
		// The project page's own action (a plain form, several photos).
		{ path: `/property-studio/${project.id}?intent=upload`, field: 'photos', headers: { Cookie: cookie } },
		{ path: '/api/try-it-free', field: 'image' },
	]
	const sockets = Array.from({ length: 20 }, (_, i) => {
		const door = doors[i % doors.length]
		return startUpload({ ...door, headers: { ...door.headers, 'X-Test-Address': `198.51.100.${i + 1}` } })
	})
	// Every upload has reached the disk before its client goes: otherwise there would be nothing to leave.
	await until('all 20 uploads writing', () => tempFiles().length === 20, 15_000)
	expect(inFlight).toBe(20)

	for (const socket of sockets) socket.destroy()

	// At once, not at the process's exit: a generous deadline only so a busy machine does not fail it.
	await until('the temp folder empty', () => tempFiles().length === 0, 5_000)
	await until('every handler finished', () => inFlight === 0, 5_000)
	expect(tempFiles()).toEqual([])
})

test('a JSON body dropped half way ends its request too, instead of waiting for bytes that never come', async () => {
	const socket = net.connect(port, '127.0.0.1')
	socket.on('error', () => {})
	socket.write(
		[
			'POST /api/try-it-free HTTP/1.1',
			`Host: 127.0.0.1:${port}`,
			'Content-Type: application/json',
			`Content-Length: ${100 * 1024}`,
			'',
			`{"email":"${'a'.repeat(10 * 1024)}`,
		].join('\r\n'),
	)
	await until('the request begun', () => inFlight === 1, 5_000)
	socket.destroy()
	await until('the request finished', () => inFlight === 0, 5_000)
})

import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { action as trialAction } from '#app/routes/api+/try-it-free.ts'
import { action as transformAction } from '#app/routes/api+/transformations.ts'
import { InputError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { insertUser } from '#tests/factories.ts'
import { cookieFor, smallRoomPhoto } from '#tests/studio.ts'
import {
	FIELD_TOO_LONG,
	ONE_FILE_ONLY,
	parseUpload,
	parseUploads,
	sweepAbandonedUploads,
	TOO_MANY_FIELDS,
	UNREADABLE_FORM,
} from './upload.server.ts'

const uploadsRoot = () => path.join(config().dataDir, 'tmp', 'uploads')
/** Every temp file any upload of this process has left behind. */
const leftFiles = () => {
	const dir = path.join(uploadsRoot(), String(process.pid))
	return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

const BOUNDARY = 'rendo-test-boundary'
type Part = { name: string; filename?: string; body: string | Buffer }
function multipartBody(parts: Part[]) {
	const chunks = parts.flatMap(({ name, filename, body }) => [
		Buffer.from(
			`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/jpeg` : ''}\r\n\r\n`,
		),
		Buffer.isBuffer(body) ? body : Buffer.from(body),
		Buffer.from('\r\n'),
	])
	return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)])
}
const multipart = (body: BodyInit, headers: Record<string, string> = {}) =>
	new Request('http://localhost:3000/api/x', {
		method: 'POST',
		body,
		headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
		duplex: 'half',
	} as RequestInit)

const single = { fileField: 'image', maxBytes: 1024 * 1024, tooLarge: 'File too large' }
const refusal = (promise: Promise<unknown>) =>
	promise.then(
		() => expect.unreachable('it should be refused'),
		(error: unknown) => error as InputError,
	)

describe('temp files never outlive their request', () => {
	test('a second file part to a one-file door is refused and nothing stays on disk', async () => {
		const photo = await smallRoomPhoto()
		const error = await refusal(
			parseUpload(
				multipart(
					multipartBody([
						{ name: 'image', filename: 'a.jpg', body: photo },
						{ name: 'image', filename: 'b.jpg', body: photo },
					]),
				),
				single,
			),
		)
		expect(error).toBeInstanceOf(InputError)
		expect(error.message).toBe(ONE_FILE_ONLY)
		expect(leftFiles()).toEqual([])
	})

	test('more files than a door takes: refused, and the ones already written are removed', async () => {
		const photo = await smallRoomPhoto()
		const parts = Array.from({ length: 4 }, (_, i) => ({ name: 'photos', filename: `${i}.jpg`, body: photo }))
		const error = await refusal(
			parseUploads(multipart(multipartBody(parts)), {
				fileField: 'photos',
				maxFiles: 3,
				maxBytes: 1024 * 1024,
				tooLarge: () => 'File too large',
				tooMany: 'Too many images',
			}),
		)
		expect(error.message).toBe('Too many images')
		expect(leftFiles()).toEqual([])
	})

	test('a body that breaks off in the middle of a file leaves nothing behind', async () => {
		const whole = multipartBody([{ name: 'image', filename: 'a.jpg', body: Buffer.alloc(200_000, 7) }])
		const broken = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(new Uint8Array(whole.subarray(0, 120_000)))
				controller.error(new Error('the client went away'))
			},
		})
		const error = await refusal(parseUpload(multipart(broken), single))
		expect(error.message).toBe(UNREADABLE_FORM)
		expect(leftFiles()).toEqual([])
	})

	test('an accepted upload is removed by its cleanup', async () => {
		const upload = await parseUpload(
			multipart(
				multipartBody([
					{ name: 'note', body: 'hi' },
					{ name: 'image', filename: 'a.jpg', body: await smallRoomPhoto() },
				]),
			),
			single,
		)
		expect(upload.fields).toEqual({ note: 'hi' })
		expect(leftFiles()).toHaveLength(1)
		await upload.file!.cleanup()
		expect(leftFiles()).toEqual([])
	})

	test("the start-up sweep removes dead processes' folders and keeps live ones'", async () => {
		const dead = spawn('true')
		await new Promise((resolve) => dead.on('exit', resolve))
		const live = spawn('sleep', ['30'])
		for (const pid of [dead.pid, live.pid]) {
			fs.mkdirSync(path.join(uploadsRoot(), String(pid)), { recursive: true })
			fs.writeFileSync(path.join(uploadsRoot(), String(pid), 'part'), 'x')
		}
		try {
			await sweepAbandonedUploads()
			expect(fs.existsSync(path.join(uploadsRoot(), String(dead.pid)))).toBe(false)
			expect(fs.existsSync(path.join(uploadsRoot(), String(live.pid), 'part'))).toBe(true)
		} finally {
			live.kill()
		}
	})
})

describe('plain fields are few and small', () => {
	test('too many fields, or one too long, is a clear refusal', async () => {
		const many = Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, body: 'x' }))
		expect((await refusal(parseUpload(multipart(multipartBody(many)), single))).message).toBe(TOO_MANY_FIELDS)
		const long = [{ name: 'note', body: 'x'.repeat(70 * 1024) }]
		expect((await refusal(parseUpload(multipart(multipartBody(long)), single))).message).toBe(FIELD_TOO_LONG)
	})

	test('an 8 MB field name is a 400 from a real door, not a 500', async () => {
		const huge = multipartBody([{ name: 'n'.repeat(8 * 1024 * 1024), body: 'x' }])
		const response = (await trialAction({
			request: multipart(huge),
			params: {},
			context: { clientAddress: '203.0.113.9' },
		} as never)) as Response
		expect(response.status).toBe(400)
		expect(await response.json()).toMatchObject({ message: UNREADABLE_FORM })
	})

	test('repeating the file field at a signed-in door is a 400 and writes nothing', async () => {
		const cookie = await cookieFor(await insertUser())
		const photo = await smallRoomPhoto()
		const body = multipartBody([
			{ name: 'style', body: 'modern' },
			...Array.from({ length: 10 }, (_, i) => ({ name: 'image', filename: `${i}.jpg`, body: photo })),
		])
		const response = (await transformAction({
			request: multipart(body, { cookie }),
			params: {},
			context: {},
		} as never)) as Response
		expect(response.status).toBe(400)
		expect(await response.json()).toMatchObject({ message: ONE_FILE_ONLY })
		expect(leftFiles()).toEqual([])
	})
})

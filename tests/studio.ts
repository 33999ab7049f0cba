import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { commitLogin } from '#app/utils/auth.server.ts'
import { cookieHeader } from '#tests/request.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'

const ORIGIN = 'http://localhost:3000'

/** The cookie header of a fresh session for the user, as a browser would send it. */
export async function cookieFor(user: { id: string }) {
	const headers = await commitLogin(user.id)
	return cookieHeader(headers)
}

export function uploadRequest(
	cookie: string,
	fields: Record<string, string>,
	image: { bytes: Buffer; name: string; type?: string } | null,
) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	if (image)
		form.set('image', new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/jpeg' }), image.name)
	return new Request(`${ORIGIN}/api/property-studio/upload-image`, { method: 'POST', body: form, headers: { cookie } })
}

let photo: Promise<Buffer> | undefined
/** A small room photo (made once per file): the studio's behaviour does not depend on size. */
export function smallRoomPhoto() {
	return (photo ??= makeRoomPhoto({ width: 640, height: 480 }))
}

/** Runs `run` with the bytes written to a temporary file, as an upload leaves them; removed after. */
export async function withTempFile<T>(bytes: Buffer, run: (file: { path: string }) => Promise<T>) {
	const file = path.join(os.tmpdir(), `rendo-test-${randomUUID()}`)
	fs.writeFileSync(file, bytes)
	try {
		return await run({ path: file })
	} finally {
		fs.rmSync(file, { force: true })
	}
}

import { expect, test, vi } from 'vitest'

// A deployment at a public https address: the vendor can fetch the photo and call back.
await vi.hoisted(() =>
	import('#tests/mocks/virtual-staging-ai-model.ts').then((m) =>
		m.useVirtualStagingAiModelSettings({ APP_URL: 'https://rendo.example' }),
	),
)

import { loader as photoLoader } from '#app/routes/_files+/staging-photos.$token.ts'
import { readBytes } from '#core/platform/storage.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { createVirtualStagingAiModel } from '#tests/mocks/virtual-staging-ai-model.ts'
import { drainJobs, settleJobs } from '#tests/jobs.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import { STAGING_PHOTO_PATH } from './photo-link.ts'
import { STAGING_WEBHOOK_PATH } from './webhook.ts'

const fetchPhoto = (token: string) =>
	photoLoader({
		request: new Request(`https://rendo.example${STAGING_PHOTO_PATH}/${token}`),
		params: { token },
		context: {},
	}) as Promise<Response>

// The vendor fetches the photo by its link: here the link's own route answers it, as it would at rendo.example.
const vsai = createVirtualStagingAiModel({ fetchPhoto: (url) => fetchPhoto(url.slice(url.lastIndexOf('/') + 1)) })
serveVendorModel(vsai)

test('at a public https address the vendor gets a signed link to the photo, not the bytes, and the link opens only while it is needed', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['coastal'] })
	await drainJobs()

	const [create] = vsai.requests.filter((r) => r.method === 'POST' && r.path === '/renders')
	const body = create.body as { image_url: string; webhook_url: string }
	expect(body.webhook_url.startsWith(`https://rendo.example${STAGING_WEBHOOK_PATH}/`)).toBe(true)
	const prefix = `https://rendo.example${STAGING_PHOTO_PATH}/`
	expect(body.image_url.startsWith(prefix)).toBe(true)
	const token = body.image_url.slice(prefix.length)

	const opened = await fetchPhoto(token)
	expect(opened.status).toBe(200)
	expect(opened.headers.get('content-type')).toBe('image/jpeg')
	const [row] = await stagingRowsOf(room.id)
	expect(Buffer.from(await opened.arrayBuffer())).toEqual(await readBytes(row.originalKey))

	// A token changed by one character, or one for another purpose, opens nothing.
	const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
	expect((await fetchPhoto(forged)).status).toBe(404)
	expect((await fetchPhoto(`${row.id}.9999999999.x`)).status).toBe(404)

	await settleJobs()
	expect((await variationsOf(room.id)).every((v) => v.status === 'completed')).toBe(true)
	// Delivered: the vendor has no more need of the photo, so the link is dead before it expires.
	expect((await fetchPhoto(token)).status).toBe(404)
})

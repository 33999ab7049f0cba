import { createHash } from 'node:crypto'
import { afterAll, expect, test, vi } from 'vitest'

await vi.hoisted(() => import('#tests/mocks/openai-images.ts').then((m) => m.useOpenAiImagesSettings()))

import { getResponse } from 'msw'
import { pool } from '#core/platform/db.ts'
import { readBytes } from '#core/platform/storage.ts'
import { DELIVER_TASK, STAGE_TASK } from '#core/staging/request.ts'
import { kill, startWorker } from '#tests/killed-workers.ts'
import { sleep, until } from '#tests/until.ts'
import { serveOnLoopback } from '#tests/mocks/loopback.ts'
import { createOpenAiImagesModel, OPENAI_TEST_KEY } from '#tests/mocks/openai-images.ts'
import { allDelivered, anotherView, roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import { processRoom } from './process-room.ts'
import { setSameRoom } from './room-views.ts'

// kill -9 while the views of one room render. The first view's delivery requests its views (its
// image as their reference) before its own request is marked delivered, so a worker killed there
// delivers again and releases again. OpenAI stages views together, so its model serves the workers,
// on loopback: an immediate vendor answers in the call, and a call a kill cut off is made again
// (nothing else can know whether it was answered), but an answer stored is never asked for again.

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** An images.edit call as it arrived: the worker process that made it, what it sent, and its answer's id. */
type Edit = { worker: number; images: number; photo: string; reference?: string; requestId?: string | null }
const edits: Edit[] = []
// A real call takes a minute: half a second here lets kills land while one is out.
const VENDOR_MS = 500
let api: ReturnType<typeof createOpenAiImagesModel>
const vendor = await serveOnLoopback(async (request) => {
	// Each worker has a base URL of its own, /w{n}/v1: every call says which process made it.
	const url = new URL(request.url)
	const [, prefix, ...path] = url.pathname.split('/')
	url.pathname = `/${path.join('/')}`
	const edit = url.pathname.endsWith('/images/edits') ? await editOf(Number(prefix.slice(1)), request) : undefined
	if (edit) await sleep(VENDOR_MS)
	const response = (await getResponse(api.handlers, new Request(url, request))) ?? new Response(null, { status: 404 })
	if (edit) edit.requestId = response.headers.get('x-request-id')
	return response
})
api = createOpenAiImagesModel({ baseUrl: `${vendor.origin}/v1` })
afterAll(() => vendor.close())

async function editOf(worker: number, request: Request) {
	const form = await request.clone().formData()
	const parts = form.getAll(form.has('image') ? 'image' : 'image[]') as File[]
	const [photo, reference] = await Promise.all(parts.map(async (part) => sha(Buffer.from(await part.arrayBuffer()))))
	const edit: Edit = { worker, images: parts.length, photo, reference }
	edits.push(edit)
	return edit
}

let started = 0
function startOpenAiWorker() {
	const number = ++started
	const worker = startWorker({
		RENDER_PROVIDER: 'openai',
		OPENAI_API_KEY: OPENAI_TEST_KEY,
		OPENAI_BASE_URL: `${vendor.origin}/w${number}/v1`,
		RENDER_RETRY_BASE_MS: '1',
		JOB_STALE_AFTER_MS: '1000',
	})
	return Object.assign(worker, { number })
}

/** Whether the worker started at `since` holds a job of `task` now (the jobs a killed worker held are older). */
async function holds(task: string, since: Date) {
	const { rows } = await pool.query(
		'select 1 from graphile_worker.jobs where task_identifier = $1 and locked_at >= $2',
		[task, since],
	)
	return rows.length > 0
}

const stateOf = async (room: { id: string }) => (await stagingRowsOf(room.id))[0]?.state
const reached = async (room: { id: string }, ...states: string[]) => states.includes((await stateOf(room)) ?? '')

test('views of one room, the worker killed at random moments 3 times: each answer asked for once, each view matched to the first', async () => {
	const { actor, room: first } = await roomWithPhoto()
	const views = [await anotherView(first, { seed: 2 }), await anotherView(first, { seed: 3 })]
	for (const view of views) await setSameRoom(actor, view.id, { sameRoomAs: first.id })
	const rooms = [first, ...views]
	for (const room of rooms) await processRoom(actor, room.id, { styles: ['modern'] })

	// One kill at a random moment of each phase, once the worker is at it (or the phase is past): the
	// first view's call, its delivery (about 1.5 s of fitting; the views are requested at its end), the
	// views' calls and deliveries.
	const phases = [
		{
			begun: async (since: Date) => (await holds(STAGE_TASK, since)) || reached(first, 'received', 'delivered'),
			lastsMs: 1200,
		},
		{
			begun: async (since: Date) => (await holds(DELIVER_TASK, since)) || reached(first, 'delivered'),
			lastsMs: 1600,
		},
		{
			begun: async (since: Date) =>
				(await holds(STAGE_TASK, since)) ||
				(await Promise.all(views.map((view) => reached(view, 'received', 'delivered')))).every(Boolean),
			lastsMs: 2200,
		},
	]
	const killed = new Set<number>()
	const kills = []
	for (const [i, phase] of phases.entries()) {
		const since = new Date()
		const worker = startOpenAiWorker()
		await until(`phase ${i + 1}`, () => phase.begun(since), 30_000)
		const delay = Math.round(Math.random() * phase.lastsMs)
		await sleep(delay)
		await kill(worker)
		killed.add(worker.number)
		kills.push({ delay, states: await Promise.all(rooms.map(stateOf)) })
	}
	const last = startOpenAiWorker()
	await until('every view to be staged', () => allDelivered(rooms.map((room) => room.id)), 60_000)
	last.kill('SIGINT')

	const context = `kills: ${JSON.stringify(kills)}, calls: ${JSON.stringify(edits)}`
	const firstImages = (await variationsOf(first.id)).map((v) => v.imageUrl)
	for (const room of rooms) {
		const isView = room !== first
		const rows = await stagingRowsOf(room.id)
		expect(rows, context).toHaveLength(1)
		const [row] = rows
		// A view is matched to one of the first view's images, fixed when its request was made.
		expect(row.referenceKey).toEqual(isView ? expect.toBeOneOf(firstImages) : null)
		expect((await variationsOf(room.id)).map((v) => [v.status, v.stagingNote])).toEqual(
			Array(3).fill(['completed', null]),
		)

		const photo = sha((await readBytes(room.originalImageUrl))!)
		const calls = edits.filter((edit) => edit.photo === photo)
		const reference = isView ? sha((await readBytes(row.referenceKey!))!) : undefined
		expect(calls.map((call) => [call.images, call.reference])).toEqual(calls.map(() => [isView ? 2 : 1, reference]))
		// The answer kept is the room's last call: every earlier one was cut off by a kill, one per worker.
		expect(calls.at(-1)?.requestId, context).toBe(row.providerRenderId)
		expect(
			calls.slice(0, -1).filter((call) => !killed.has(call.worker)),
			context,
		).toEqual([])
		expect(new Set(calls.map((call) => call.worker)).size, context).toBe(calls.length)
	}
	const cutOff = edits.length - rooms.length
	console.info(`views of one room through 3 kills: ${edits.length} calls for 3 requests, ${cutOff} cut off by a kill`)
}, 90_000)

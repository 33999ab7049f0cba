import { http, HttpResponse } from 'msw'
import { expect, test, vi } from 'vitest'

// Gemini (one image a call) with two calls in flight allowed from this process.
await vi.hoisted(() =>
	import('#tests/mocks/gemini-api.ts').then((m) => m.useGeminiApiSettings({ RENDER_CONCURRENCY: '2' })),
)

import { processRoom } from '#core/studio/process-room.ts'
import { createGeminiApi, GEMINI_BASE_URL, type GeminiApi } from '#tests/mocks/gemini-api.ts'
import { settleJobs } from '#tests/jobs.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'

// The pipeline with the real @google/genai SDK against the msw model of Gemini's API. Reported from
// outside (issue 38): a 429 on one image call aborted its siblings, which Gemini finished and billed
// anyway, and the whole render was asked again; and a render's three calls went out side by side
// whatever RENDER_CONCURRENCY said.
const api = createGeminiApi()
const server = serveVendorModel(api)

test.each([
	['a 429 with RetryInfo', (gemini: GeminiApi) => gemini.rateLimit(1, '0.1s')],
	['a 503', (gemini: GeminiApi) => gemini.serverError(1, 503)],
])(
	'%s on one image call: that call alone is asked again, every render delivered whole, within the cap',
	async (_, fault) => {
		// Images take a while and refusals come at once, as at Gemini: siblings are in flight when one fails.
		api.latency(50)
		const rooms = await Promise.all([roomWithPhoto(), roomWithPhoto()])
		fault(api)
		for (const { actor, room } of rooms) await processRoom(actor, room.id, { styles: ['modern'] })
		await settleJobs()

		for (const { room } of rooms) {
			expect((await variationsOf(room.id)).map((v) => v.status)).toEqual(['completed', 'completed', 'completed'])
			const [row] = await stagingRowsOf(room.id)
			// Retried inside the render: the pipeline never had to wait the vendor out or ask again.
			expect([row.state, row.receivedCount, row.busyCount]).toEqual(['delivered', 3, 0])
		}
		// Six images: six answers paid for, one call more for the one refused, and never more than two at once.
		expect(api.generateCalls()).toHaveLength(7)
		expect(api.paidCalls()).toBe(6)
		expect(api.maxInFlight()).toBe(2)
	},
)

test("one image refused past its own retries: the pipeline waits Gemini out and asks only for that image, its siblings' answers kept", async () => {
	api.latency(50)
	// Gemini refuses the second variation five times (a call retries its 429s three times, so the render
	// goes back to the pipeline once); the other two are answered the first time.
	let refusals = 5
	server.use(
		http.post(`${GEMINI_BASE_URL}/v1beta/models/:modelAction`, async ({ request }) => {
			const body = (await request.clone().json()) as { contents: Array<{ parts: Array<{ text?: string }> }> }
			const prompt = body.contents[0].parts.find((part) => part.text)?.text ?? ''
			if (!prompt.includes('Variation 2 of 3') || refusals-- <= 0) return undefined
			return HttpResponse.json(
				{
					error: {
						code: 429,
						message: 'You exceeded your current quota.',
						status: 'RESOURCE_EXHAUSTED',
						details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0.05s' }],
					},
				},
				{ status: 429 },
			)
		}),
	)
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['luxury'] })
	await settleJobs()

	expect((await variationsOf(room.id)).map((v) => v.status)).toEqual(['completed', 'completed', 'completed'])
	const [row] = await stagingRowsOf(room.id)
	expect([row.state, row.receivedCount, row.busyCount]).toEqual(['delivered', 3, 1])
	expect(row.costUsdMicros).toBeGreaterThan(0)
	// Three images, three answers paid for: the two kept from the first attempt were not asked again.
	const answered = api.generateCalls().map((call) => call.prompt!.match(/Variation (\d) of 3/)![1])
	expect(answered.sort()).toEqual(['1', '2', '3'])
	expect(api.paidCalls()).toBe(3)
	expect(refusals).toBeLessThanOrEqual(0)
})

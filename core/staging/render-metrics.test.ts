import { expect, test, vi } from 'vitest'

await vi.hoisted(() =>
	import('#tests/mocks/virtual-staging-ai-model.ts').then((m) =>
		m.useVirtualStagingAiModelSettings({ RENDER_CONCURRENCY: '4' }),
	),
)

import type { Counter, Histogram } from 'prom-client'
import { metrics } from '#core/platform/metrics.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { createVirtualStagingAiModel } from '#tests/mocks/virtual-staging-ai-model.ts'
import { drainJobs, settleJobs } from '#tests/jobs.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'

// The render figures against the model of Virtual Staging AI's v2 API: what it saw is what they say.
const vsai = createVirtualStagingAiModel()
serveVendorModel(vsai)

const provider = 'virtual-staging-ai'
const counted = async (counter: Counter) =>
	(await counter.get()).values.find((v) => v.labels.provider === provider)?.value ?? 0
const calls = async (histogram: Histogram) =>
	(await histogram.get()).values
		.filter((v) => v.metricName?.endsWith('_count') && v.labels.provider === provider)
		.reduce((sum, v) => sum + v.value, 0)

async function figures() {
	return {
		submitted: await counted(metrics.rendersSubmitted),
		failed: await counted(metrics.rendersFailed),
		retried: await counted(metrics.rendersRetried),
		vendorCalls: await calls(metrics.vendorCallDuration),
	}
}

test('submitted, retried and failed renders and vendor call latency count what the vendor saw', async () => {
	const before = await figures()
	const { actor, room } = await roomWithPhoto()
	vsai.state.failures.push(429, 429)
	await processRoom(actor, room.id, { styles: ['modern', 'coastal'] })
	await settleJobs()
	expect((await variationsOf(room.id)).map((v) => v.status)).toEqual(Array(6).fill('completed'))

	const failing = await roomWithPhoto()
	vsai.state.outcome = 'failed'
	await processRoom(failing.actor, failing.room.id, { styles: ['luxury'] })
	await settleJobs()

	// Every create, and every look at one render, is a timed vendor call (downloads are not).
	const timedRequests = vsai.requests.filter(
		(r) =>
			(r.method === 'POST' && r.path === '/renders') || (r.method === 'GET' && /^\/renders\/[^/?]+(\?|$)/.test(r.path)),
	)
	const after = await figures()
	expect(vsai.state.creates).toBe(3)
	expect(after.submitted - before.submitted).toBe(vsai.state.creates)
	expect(after.retried - before.retried).toBe(2)
	expect(after.failed - before.failed).toBe(1)
	expect(after.vendorCalls - before.vendorCalls).toBe(timedRequests.length)

	const text = await metrics.registry.metrics()
	expect(text).toContain(`rendo_renders_submitted_total{provider="${provider}"} ${after.submitted}`)
	expect(text).toMatch(
		/rendo_vendor_call_duration_seconds_bucket\{le="0\.05",provider="virtual-staging-ai",outcome="busy"\} \d+/,
	)
})

/** One series' value in the registry's text, as a scraper reads it. */
async function scraped(series: string) {
	const text = await metrics.registry.metrics()
	const line = text.split('\n').find((l) => l.startsWith(`${series} `))
	return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

test('renders in flight, vendor calls in progress and images fitted follow what the pipeline did', async () => {
	vsai.state.outcome = 'completed'
	const fittedBefore = (await scraped('rendo_image_fit_duration_seconds_count{resized="aligned"}')) ?? 0
	const checkedBefore = (await scraped(`rendo_images_checked_total{provider="${provider}",verdict="ok"}`)) ?? 0
	const inFlightBefore = await scraped(`rendo_renders_in_flight{provider="${provider}"}`)
	expect(inFlightBefore).toBe(0)

	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['modern', 'coastal'] })
	// One round: both submitted; their next look is a poll interval (60 s here) away.
	await drainJobs()
	expect((await stagingRowsOf(room.id)).map((r) => r.state)).toEqual(['submitted', 'submitted'])
	expect(await scraped(`rendo_renders_in_flight{provider="${provider}"}`)).toBe(2)

	await settleJobs()
	const variations = await variationsOf(room.id)
	expect(variations.map((v) => v.status)).toEqual(Array(6).fill('completed'))
	expect(await scraped(`rendo_renders_in_flight{provider="${provider}"}`)).toBe(0)
	expect(await scraped(`rendo_vendor_calls_in_progress{provider="${provider}"}`)).toBe(0)
	// The model answers the photo staged at 1536×1024 for a 640×480 photo: every image was aligned
	// onto it by the room check, and passed it.
	expect((await scraped('rendo_image_fit_duration_seconds_count{resized="aligned"}')) ?? 0).toBe(
		fittedBefore + variations.length,
	)
	expect(await scraped(`rendo_images_checked_total{provider="${provider}",verdict="ok"}`)).toBe(
		checkedBefore + variations.length,
	)
})

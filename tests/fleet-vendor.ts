/**
 * Virtual Staging AI's model as a process of its own, for the fleet (tests/fleet.ts), as the vendor
 * is a service elsewhere: run inside the bench's process, its image work stalled the event loop of
 * the clients measuring the gallery's polls (by up to half a second, measured). `node --import tsx
 * tests/fleet-vendor.ts <latency ms>` prints "vendor on <url>" once it listens; besides the API
 * under /v2, GET /fleet/state answers what the model saw (renders created, 429s, their ids, requests
 * while it was down), and POST /fleet/outage with `{ "mode": 503 | "hang" | null }` takes it down or
 * brings it back (bench/faults/vendor-*.fault.ts).
 */
import { serveOnLoopback } from '#tests/mocks/loopback.ts'
import {
	createVirtualStagingAiModel,
	type Outage,
	type VirtualStagingAiModel,
} from '#tests/mocks/virtual-staging-ai-model.ts'

export interface VendorState {
	creates: number
	tooMany: number
	renderIds: string[]
	/** Requests that arrived while it was down. */
	callsDuringOutage: number
}

const latencyMs = Number(process.argv[2])
let model: VirtualStagingAiModel | undefined
const server = await serveOnLoopback(async (request) => {
	const { pathname } = new URL(request.url)
	if (pathname === '/fleet/outage') {
		const { mode } = (await request.json()) as { mode: Outage }
		model!.outage(mode)
		return new Response(null, { status: 204 })
	}
	if (pathname !== '/fleet/state') return model!.handle(request)
	const state: VendorState = {
		creates: model!.state.creates,
		tooMany: model!.state.tooMany,
		renderIds: [...model!.renders.keys()],
		callsDuringOutage: model!.state.callsDuringOutage,
	}
	return Response.json(state)
})
model = createVirtualStagingAiModel({
	latencyMs,
	concurrencyCap: 150,
	baseUrl: `${server.origin}/v2`,
	resultsWhenDone: true,
})
console.log(`vendor on ${server.origin}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
	process.on(signal, () => server.close().then(() => process.exit(0)))

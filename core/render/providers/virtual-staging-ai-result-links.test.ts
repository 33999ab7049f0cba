import { expect, test } from 'vitest'
import { failure, serveVendorModel, stagingRequests } from '#tests/provider-contract.ts'
import { createVirtualStagingAiModel, VSAI_TEST_KEY } from '#tests/mocks/virtual-staging-ai-model.ts'
import { ResultLinkGoneError } from '../provider.ts'
import { createVirtualStagingAiProvider } from './virtual-staging-ai.ts'

// Issue 38: a result link that lapsed before it was fetched. Against the model of the vendor's v2 API,
// whose links carry the moment their signature ends.
const model = createVirtualStagingAiModel()
serveVendorModel(model)
const { request } = stagingRequests({ width: 640, height: 480 })
const vsai = createVirtualStagingAiProvider({ apiKey: VSAI_TEST_KEY, baseUrl: model.baseUrl, retryBaseMs: 1 })

test('a lapsed result link is ResultLinkGoneError; the render read again hands out a fresh link to the same image, and nothing is created again', async () => {
	const { providerRenderId } = await vsai.submit(request({ count: 2 }))
	model.state.lapsedResultLinks = 2
	const lapsed = (await vsai.poll(providerRenderId)).variations
	const gone = await failure(vsai.download(lapsed[0].url!))
	expect(gone).toBeInstanceOf(ResultLinkGoneError)
	expect(gone).toMatchObject({
		retryable: false,
		message: "Virtual Staging AI's result link has expired or is gone (403)",
	})

	const fresh = (await vsai.poll(providerRenderId)).variations
	expect(fresh.map((v) => v.id)).toEqual(lapsed.map((v) => v.id))
	const [first, again] = await Promise.all([vsai.download(fresh[0].url!), vsai.download(fresh[0].url!)])
	expect(first.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
	expect(again.equals(first)).toBe(true)
	expect(model.state.creates).toBe(1)
})

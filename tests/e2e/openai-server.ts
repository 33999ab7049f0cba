/**
 * The browser tests' second server: Rendo staging through OpenAI's images.edit, answered by the
 * tests' model of that API (tests/mocks/openai-images.ts) on loopback, for what the local preview
 * cannot show: views of one room staged to match each other. playwright.config.ts starts it.
 */
import { getResponse } from 'msw'
import { serveOnLoopback } from '../mocks/loopback.ts'
import { createOpenAiImagesModel, OPENAI_TEST_KEY } from '../mocks/openai-images.ts'

let api: ReturnType<typeof createOpenAiImagesModel> | undefined
const vendor = await serveOnLoopback(
	async (request) => (api && (await getResponse(api.handlers, request))) ?? new Response(null, { status: 404 }),
)
api = createOpenAiImagesModel({ baseUrl: `${vendor.origin}/v1` })
Object.assign(process.env, {
	RENDER_PROVIDER: 'openai',
	OPENAI_API_KEY: OPENAI_TEST_KEY,
	OPENAI_BASE_URL: `${vendor.origin}/v1`,
})
await import('../../server.ts')

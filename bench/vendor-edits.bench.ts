/**
 * Item removal and renovation through each vendor, as the adapters send them and the vendor models
 * answer (tests/mocks: OpenAI's images.edit with the mask, Gemini by words and places; each honest,
 * then told to stray outside the scope: the floor regraded, one more thing taken or painted), every answer judged by the scope check
 * (core/staging/room-check/scope.ts) as the pipeline judges it. Real photos: pair 36's lamp and plant
 * removed, pair 69's walls painted #7a9cb8. Virtual Staging AI must refuse both before sending
 * anything. Prints a table: the call's wall time (adapter and model, the model's own segmentation
 * included for Gemini), the answer's segmentation, the check's process CPU with both label maps given
 * (median of 3), its verdict and sentence. Fails unless every honest answer passes, every stray one is
 * caught and Virtual Staging AI sent nothing.
 *
 *   npm run bench -- vendor-edits
 */
import { setupServer } from 'msw/node'
import { RenderError, type ImmediateProvider } from '#core/render/provider.ts'
import { createGeminiProvider } from '#core/render/providers/gemini.ts'
import { createOpenAiProvider } from '#core/render/providers/openai.ts'
import { createVirtualStagingAiProvider } from '#core/render/providers/virtual-staging-ai.ts'
import { loadOpenCv } from '#core/staging/room-check/opencv.ts'
import { checkScope } from '#core/staging/room-check/scope.ts'
import { labelsOf } from '#core/staging/room-check/segmenter.ts'
import { type EditCase, removalCase, renovationCase } from '#tests/fixtures/edit-scopes.ts'
import { createGeminiApi, GEMINI_API_KEY, GEMINI_BASE_URL } from '#tests/mocks/gemini-api.ts'
import { createOpenAiImagesModel, OPENAI_TEST_BASE, OPENAI_TEST_KEY } from '#tests/mocks/openai-images.ts'
import type { Stray } from '#tests/mocks/scoped-answer.ts'
import { unknownRequestsFail } from '#tests/mocks/unknown-requests.ts'

const openAiModel = createOpenAiImagesModel()
const geminiModel = createGeminiApi()
const server = setupServer(...openAiModel.handlers, ...geminiModel.handlers)
server.listen({ onUnhandledRequest: unknownRequestsFail })

const { cv } = await loadOpenCv()
const edits: Array<[string, EditCase]> = [
	['remove lamp, plant (36)', await removalCase(cv, '36-before.jpg', ['lamp', 'plant'])],
	['walls #7a9cb8 (69)', await renovationCase('69-before.jpg', { walls: '#7a9cb8' })],
]
const vendors: Array<[string, ImmediateProvider, (strays: Stray | undefined) => void]> = [
	[
		'OpenAI',
		createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseURL: OPENAI_TEST_BASE }),
		(strays) => {
			openAiModel.state.strays = strays
		},
	],
	[
		'Gemini',
		createGeminiProvider({ apiKey: GEMINI_API_KEY, baseUrl: GEMINI_BASE_URL, retryBaseMs: 1 }),
		(strays) => geminiModel.straying(strays ?? false),
	],
]
const ANSWERS: Record<string, Stray | undefined> = {
	honest: undefined,
	'strays: floor regraded': 'floor',
	'strays: one thing more': 'more',
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]
const rows: string[][] = [['vendor', 'edit', 'answer', 'call ms', 'segment ms', 'check CPU ms', 'verdict', 'said']]
let wrong = 0
for (const [vendor, provider, stray] of vendors)
	for (const [what, edit] of edits)
		for (const [answerKind, strays] of Object.entries(ANSWERS)) {
			stray(strays)
			const started = performance.now()
			const answer = (await provider.render(edit.request)).images[0].bytes
			const call = performance.now() - started
			const segmentStarted = performance.now()
			const answerLabels = (await labelsOf(answer))!
			const segment = performance.now() - segmentStarted
			const labels = { photo: edit.labels, answer: answerLabels }
			const cpu: number[] = []
			let result = await checkScope(edit.photo, answer, edit.check, labels)
			for (let run = 0; run < 3; run++) {
				const usage = process.cpuUsage()
				result = await checkScope(edit.photo, answer, edit.check, labels)
				const used = process.cpuUsage(usage)
				cpu.push((used.user + used.system) / 1000)
			}
			if ((result.verdict === 'ok') === Boolean(strays)) wrong++
			rows.push([
				vendor,
				what,
				answerKind,
				call.toFixed(0),
				segment.toFixed(0),
				median(cpu).toFixed(0),
				result.verdict,
				result.sentences.join(' / '),
			])
		}

// Virtual Staging AI: refused in one line, before any request leaves.
let sent = 0
const vsai = createVirtualStagingAiProvider({
	apiKey: 'bench',
	fetch: async () => {
		sent++
		return new Response(null, { status: 500 })
	},
})
for (const [what, edit] of edits) {
	const refusal = await vsai.submit(edit.request).then(
		() => undefined,
		(error: unknown) => error,
	)
	const refused = refusal instanceof RenderError && !refusal.retryable
	if (!refused) wrong++
	rows.push([
		'Virtual Staging AI',
		what,
		'—',
		'0',
		'—',
		'—',
		refused ? 'refused' : 'NOT refused',
		refused ? refusal.message : String(refusal),
	])
}
if (sent) wrong++
server.close()

const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)))
for (const row of rows)
	console.log(
		row
			.map((cell, c) => cell.padEnd(widths[c]))
			.join('  ')
			.trimEnd(),
	)
console.log(
	`\n${wrong ? `${wrong} judged wrong` : 'every honest answer passed, every stray one caught'}; ` +
		`Virtual Staging AI sent ${sent} requests`,
)
if (wrong) process.exitCode = 1
// The segmenter's thread would keep the process alive.
process.exit()

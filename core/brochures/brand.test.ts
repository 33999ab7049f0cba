import { expect, test } from 'vitest'
import { action as testBrochureAction } from '#app/routes/api+/test-brochure.ts'
import { loader as downloadLoader } from '#app/routes/api+/brochures.$uniqueToken.ts'
import { call, pdfPages } from '#tests/brochures.ts'
import { insertUser } from '#tests/factories.ts'
import { jsonRequest, getRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'

test("before a brand profile, the PDF brochure is headed with the agent's own name, never Rendo's", async () => {
	const agent = await insertUser({ firstName: 'Wes', lastName: 'Parker' })
	const cookie = await cookieFor(agent)
	const response = await call(testBrochureAction, jsonRequest('/api/test-brochure', {}, { cookie }))
	expect(response.status).toBe(200)
	const { brochure } = (await response.json()) as { brochure: { uniqueToken: string } }
	const token = brochure.uniqueToken
	const pdf = await call(downloadLoader, getRequest(`/api/brochures/${token}`), { uniqueToken: token })
	const pages = await pdfPages(Buffer.from(await pdf.arrayBuffer()))
	expect(pages[0].text).toMatch(/Wes Parker/i)
	// The closing page's contact block names the agent once: no second line repeating it.
	expect(pages.at(-1)!.text.match(/Wes Parker/g)).toHaveLength(1)
	for (const page of pages) expect(page.text).not.toMatch(/rendo/i)
})

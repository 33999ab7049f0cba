import { expect, test } from 'vitest'
import { setOriginalsPageEnabled } from '#core/disclosure/originals-address.ts'
import { renderedProject } from '#tests/checkout.ts'
import { rendo, rendoJson } from '#tests/cli.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { livePageOf, whatOpens } from '#tests/originals-address.ts'

test("rendo status prints the property's originals page, which opens; switched off, it says so", async () => {
	const agent = await insertUser({ role: 'agent' })
	const { project } = await renderedProject(agent)

	const status = await rendo(['status', project.id])
	expect(status.code).toBe(0)
	const url = /^Originals: +(\S+)$/m.exec(status.stdout)?.[1]
	expect(await whatOpens(url)).toEqual({ page: livePageOf(project.id), anchor: undefined })
	expect((await rendoJson(['status', project.id])).originalsPageUrl).toBe(url)

	await setOriginalsPageEnabled(actorFor(agent), project.id, false)
	const off = await rendo(['status', project.id])
	expect(off.stdout).toMatch(/^Originals: +page switched off/m)
	expect((await rendoJson(['status', project.id])).originalsPageUrl).toBeNull()
}, 60_000)

import { expect, test } from 'vitest'
import { resolveOriginalsToken, setOriginalsPageEnabled } from '#core/disclosure/originals-address.ts'
import { renderedProject } from '#tests/checkout.ts'
import { rendo, rendoJson } from '#tests/cli.ts'
import { actorFor, insertUser } from '#tests/factories.ts'

test("rendo status prints the property's originals page, which opens; switched off, it says so", async () => {
	const agent = await insertUser({ role: 'agent' })
	const { project } = await renderedProject(agent)

	const status = await rendo(['status', project.id])
	expect(status.code).toBe(0)
	const url = /^Originals: +(\S+)$/m.exec(status.stdout)?.[1]
	const token = /\/o\/([^/#]+)$/.exec(url ?? '')?.[1]
	expect(await resolveOriginalsToken(token ?? '')).toEqual({ state: 'live', projectId: project.id, token })
	expect((await rendoJson(['status', project.id])).originalsPageUrl).toBe(url)

	await setOriginalsPageEnabled(actorFor(agent), project.id, false)
	const off = await rendo(['status', project.id])
	expect(off.stdout).toMatch(/^Originals: +page switched off/m)
	expect((await rendoJson(['status', project.id])).originalsPageUrl).toBeNull()
}, 60_000)

import { expect, test } from 'vitest'
import { createAccessToken } from '#core/accounts/access-tokens.ts'
import { completeProject } from '#core/studio/complete-project.ts'
import { favourite, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { getRequest, settle } from '#tests/request.ts'
import { readZip } from '#tests/zip.ts'
import { loader } from './property-studio.projects.$id.pack.ts'

async function readToken(user: { id: string; role: string; email: string }) {
	return (await createAccessToken(actorFor(user), { name: 'pack script', scope: 'read', expiresIn: '30' })).secret
}

async function getPack(projectId: string, secret: string) {
	const request = getRequest(`/api/property-studio/projects/${projectId}/pack`)
	request.headers.set('authorization', `Bearer ${secret}`)
	const result = await settle(() => loader({ request, params: { id: projectId }, context: {} }) as Promise<unknown>)
	return result.response!
}

test('the pack over the API with a read token: a ZIP attachment named after the address; 503 while preparing; 403 for a stranger', async () => {
	const agent = await insertUser({ role: 'agent' })
	const { actor, project, variations } = await renderedProject(agent, { address: '7 Mill Lane, York YO1 2AB' })
	await stagedByVendor([variations[0]])
	await favourite(agent, [variations[0].id])
	await completeProject(actor, project.id, { watermarkingEnabled: false })
	const secret = await readToken(agent)

	const early = await getPack(project.id, secret)
	expect(early.status).toBe(503)
	expect(early.headers.get('retry-after')).toBe('2')
	await drainJobs()

	const pack = await getPack(project.id, secret)
	expect(pack.status).toBe(200)
	expect(pack.headers.get('content-type')).toBe('application/zip')
	expect(pack.headers.get('content-disposition')).toMatch(/^attachment; filename="7-mill-lane-listing-pack\.zip"/)
	const names = readZip(Buffer.from(await pack.arrayBuffer())).map((e) => e.name)
	expect(names).toHaveLength(5)
	expect(names).toEqual(expect.arrayContaining(['README.txt', 'manifest.csv', 'manifest.json']))
	expect(names.filter((n) => n.endsWith('-original.jpg'))).toHaveLength(1)

	const stranger = await getPack(project.id, await readToken(await insertUser({ role: 'agent' })))
	expect(stranger.status).toBe(403)
	expect(await stranger.json()).toMatchObject({ message: 'Unauthorized access to project' })
}, 120_000)

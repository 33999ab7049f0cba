import { describe, expect, test } from 'vitest'
import { insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { outboxMessages } from '#tests/outbox.ts'
import { getRequest, jsonRequest } from '#tests/request.ts'
import { cookieFor, smallRoomPhoto } from '#tests/studio.ts'
import { loader as adminTransformations } from './admin.transformations.ts'
import { action as quickAction } from './devops.tickets.$ticketId.$quickAction.ts'
import { action as addComment } from './devops.tickets.$ticketId.comments.ts'
import { action as updateTicket, loader as getTicket } from './devops.tickets.$ticketId.ts'
import { loader as listTickets } from './devops.tickets.ts'
import { loader as stats } from './devops.stats.ts'
import { action as reportIssue } from './report-issue.ts'
import { loader as capacity } from './rendo-ops.capacity-automation.ts'
import { loader as dashboard } from './rendo-ops.dashboard.ts'
import { loader as getTransformation } from './transformations.$id.ts'
import { action as postTransformation, loader as listTransformations } from './transformations.ts'
import { loader as transformationFile } from '#app/routes/_files+/files.transformations.$id.$kind.ts'

const call = <T extends (args: never) => unknown>(fn: T, request: Request, params: Record<string, string> = {}) =>
	fn({ request, params, context: {} } as never) as Promise<Response>

async function report(
	cookie: string,
	body: Record<string, unknown> = { issueType: 'processing-stuck', description: 'Stuck at 50%' },
) {
	const response = await call(reportIssue, jsonRequest('/api/report-issue', body, { cookie }))
	return { status: response.status, body: (await response.json()) as Record<string, string> }
}

function transformationRequest(cookie: string | null, fields: Record<string, string>, image?: Buffer) {
	const form = new FormData()
	for (const [k, v] of Object.entries(fields)) form.set(k, v)
	if (image) form.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'lounge.jpg')
	return new Request('http://localhost:3000/api/transformations', {
		method: 'POST',
		body: form,
		headers: cookie ? { cookie } : {},
	})
}

describe('staff APIs refuse agents', () => {
	test('every /api/devops, /api/rendo-ops and /api/admin call answers 403 for an agent, 401 for nobody', async () => {
		const agent = await cookieFor(await insertUser())
		const { body: ticket } = await report(agent)
		const id = { ticketId: ticket.ticketId }
		const calls = (cookie?: string): Array<[(args: never) => unknown, Request, Record<string, string>?]> => [
			[stats, getRequest('/api/devops/stats', { cookie })],
			[listTickets, getRequest('/api/devops/tickets?status=open', { cookie })],
			[getTicket, getRequest('/x', { cookie }), id],
			[updateTicket, jsonRequest('/x', { status: 'closed' }, { cookie, method: 'PUT' }), id],
			[quickAction, jsonRequest('/x', {}, { cookie }), { ...id, quickAction: 'start-work' }],
			[addComment, jsonRequest('/x', { comment: 'hi', isInternal: false }, { cookie }), id],
			[dashboard, getRequest('/api/rendo-ops/dashboard', { cookie })],
			[capacity, getRequest('/api/rendo-ops/capacity-automation', { cookie })],
			[adminTransformations, getRequest('/api/admin/transformations', { cookie })],
		]
		for (const [fn, request, params] of calls(agent))
			expect((await call(fn, request, params)).status, request.url).toBe(403)
		for (const [fn, request, params] of calls()) expect((await call(fn, request, params)).status, request.url).toBe(401)
	})

	test('the CEO sees operations; admins see operations, tickets and all transformations', async () => {
		const ceo = await cookieFor(await insertUser({ email: 'ceo@rendo.test', role: 'admin' }))
		const admin = await cookieFor(await insertUser({ role: 'admin' }))
		expect((await call(dashboard, getRequest('/x', { cookie: ceo }))).status).toBe(200)
		expect((await call(capacity, getRequest('/x', { cookie: admin }))).status).toBe(200)
		expect((await call(stats, getRequest('/x', { cookie: admin }))).status).toBe(200)
		expect((await call(adminTransformations, getRequest('/x', { cookie: admin }))).status).toBe(200)
	})
})

describe('tickets through the API', () => {
	test('report → list → start work → internal note → resolve, with the reporter e-mailed only public words', async () => {
		const reporter = await insertUser()
		const agent = await cookieFor(reporter)
		const admin = await cookieFor(await insertUser({ role: 'admin', firstName: 'Ops' }))
		const { status, body } = await report(agent, {
			projectId: null,
			issueType: 'download-failed',
			description: 'ZIP is empty',
			contactEmail: '',
		})
		expect(status).toBe(201)
		expect(Object.keys(body).sort()).toEqual(['priority', 'status', 'ticketId', 'ticketNumber'])
		expect(body).toMatchObject({ priority: 'high', status: 'open' })

		const open = (await (
			await call(listTickets, getRequest('/api/devops/tickets?status=open', { cookie: admin }))
		).json()) as Array<{ id: string; userEmail: string }>
		expect(open.find((t) => t.id === body.ticketId)?.userEmail).toBe(reporter.email)

		const id = { ticketId: body.ticketId }
		expect(
			(await call(quickAction, jsonRequest('/x', {}, { cookie: admin }), { ...id, quickAction: 'resolve' })).status,
		).toBe(400)
		expect(
			(
				(await (
					await call(quickAction, jsonRequest('/x', {}, { cookie: admin }), { ...id, quickAction: 'start-work' })
				).json()) as { status: string }
			).status,
		).toBe('in-progress')
		expect(
			(await call(quickAction, jsonRequest('/x', {}, { cookie: admin }), { ...id, quickAction: 'toString' })).status,
		).toBe(404)
		expect(
			(await call(addComment, jsonRequest('/x', { comment: '  ', isInternal: true }, { cookie: admin }), id)).status,
		).toBe(400)
		expect(
			(
				await call(
					addComment,
					jsonRequest('/x', { comment: 'INTERNAL-ONLY check the bucket', isInternal: true }, { cookie: admin }),
					id,
				)
			).status,
		).toBe(201)
		const resolved = await call(quickAction, jsonRequest('/x', {}, { cookie: admin }), {
			...id,
			quickAction: 'resolve',
		})
		expect(((await resolved.json()) as { status: string }).status).toBe('resolved')

		const updated = await call(
			updateTicket,
			jsonRequest('/x', { priority: 'critical', assignedTo: 'Ops' }, { cookie: admin, method: 'PUT' }),
			id,
		)
		expect(await updated.json()).toMatchObject({ priority: 'critical', assignedTo: 'Ops', status: 'resolved' })
		expect(
			(await call(updateTicket, jsonRequest('/x', { status: 'archived' }, { cookie: admin, method: 'PUT' }), id))
				.status,
		).toBe(400)

		await drainJobs()
		const mails = outboxMessages().filter((m) => m.subject.includes(body.ticketNumber))
		// the report received, then the resolution; the internal note never
		expect(mails.map((m) => m.subject.replace(`[${body.ticketNumber}] `, '')).sort()).toEqual([
			'We received your issue report',
			'Your issue report is resolved',
		])
		expect(mails.some((m) => m.body.includes('INTERNAL-ONLY'))).toBe(false)
	})

	test("missing fields answer the spec message; someone else's project is refused", async () => {
		const agent = await cookieFor(await insertUser())
		const missing = await report(agent, { issueType: 'other', description: '' })
		expect(missing.status).toBe(400)
		expect(missing.body.message).toBe('Please fill in all required fields')
		const other = await cookieFor(await insertUser())
		const project = await call(
			(await import('./property-studio.projects.ts')).action,
			jsonRequest('/api/property-studio/projects', { propertyAddress: '9 Other Street' }, { cookie: other }),
		)
		const { id } = (await project.json()) as { id: string }
		expect((await report(agent, { projectId: id, issueType: 'other', description: 'x' })).status).toBe(403)
	})
})

describe('transformations through the API', () => {
	test('anonymous posts are refused with the spec message; an upload starts one and its owner can read it', async () => {
		const anonymous = await call(
			postTransformation,
			transformationRequest(null, { style: 'modern' }, await smallRoomPhoto()),
		)
		expect(anonymous.status).toBe(401)
		expect(await anonymous.json()).toEqual({ message: 'You must be logged in to transform photos' })

		const cookie = await cookieFor(await insertUser())
		const noFile = await call(postTransformation, transformationRequest(cookie, { style: 'modern' }))
		expect(noFile.status).toBe(400)
		expect(((await noFile.json()) as { message: string }).message).toBe('No file selected')

		const created = await call(
			postTransformation,
			transformationRequest(
				cookie,
				{ style: 'luxury', areas: '["living","bedroom"]', emailResults: 'false', email: '', formData: '{}' },
				await smallRoomPhoto(),
			),
		)
		expect(created.status).toBe(201)
		const body = (await created.json()) as { id: string; areas: string[] }
		expect(body.areas).toEqual(['living', 'bedroom'])
		expect(((await (await call(listTransformations, getRequest('/x', { cookie }))).json()) as unknown[]).length).toBe(1)
		expect((await call(getTransformation, getRequest('/x', { cookie }), { id: body.id })).status).toBe(200)
		const stranger = await cookieFor(await insertUser())
		expect((await call(getTransformation, getRequest('/x', { cookie: stranger }), { id: body.id })).status).toBe(404)
		expect(
			(await call(transformationFile, getRequest('/x', { cookie: stranger }), { id: body.id, kind: 'before' })).status,
		).toBe(404)
		const before = await call(transformationFile, getRequest('/x', { cookie }), { id: body.id, kind: 'before' })
		expect(before.status).toBe(200)
		expect(before.headers.get('content-type')).toBe('image/jpeg')
	})
})

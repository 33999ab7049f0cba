import { describe, expect, test } from 'vitest'
import { reportIssue } from '#core/tickets/tickets.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { formRequest, getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { action, loader } from './devops-dashboard.tsx'

async function setting() {
	const agent = await insertUser()
	const { ticketId } = await reportIssue(actorFor(agent), { issueType: 'download-failed', description: 'ZIP stops' })
	const admin = await cookieFor(await insertUser({ role: 'admin' }))
	return { ticketId, admin, agent: await cookieFor(agent) }
}

/** Like settle, and a thrown data() (the 403, an unknown intent's 400) counts as the answer too. */
async function answer(run: () => Promise<unknown>) {
	try {
		return await settle(run)
	} catch (thrown) {
		const d = thrown as { type?: string; data?: unknown; init?: ResponseInit | null }
		if (d?.type !== 'DataWithResponseInit') throw thrown
		return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), data: d.data }
	}
}

function post(path: string, fields: Record<string, string>, cookie: string) {
	return answer(() => action({ request: formRequest(path, fields, { cookie }), params: {}, context: {} }))
}

async function ticketAt(cookie: string, ticketId: string) {
	const page = await settle(() =>
		loader({ request: getRequest(`/devops-dashboard?ticket=${ticketId}`, { cookie }), params: {}, context: {} }),
	)
	return (page.data as Awaited<ReturnType<typeof loader>>).ticket
}

describe('the support dashboard takes its mutations as plain form posts', () => {
	test('an agent may neither open it nor post to it', async () => {
		const { ticketId, agent } = await setting()
		expect((await post('/devops-dashboard?intent=start-work', { ticketId }, agent)).status).toBe(403)
		const page = await answer(() =>
			loader({ request: getRequest('/devops-dashboard', { cookie: agent }), params: {}, context: {} }),
		)
		expect(page.status).toBe(403)
	})

	test('Start Work redirects back to the same view with a toast, without the intent', async () => {
		const { ticketId, admin } = await setting()
		const answer = await post(`/devops-dashboard?status=open&ticket=${ticketId}&intent=start-work`, { ticketId }, admin)
		expect(answer.status).toBe(302)
		expect(answer.headers.get('location')).toBe(`/devops-dashboard?status=open&ticket=${ticketId}`)
		expect(answer.headers.get('set-cookie')).toContain('rendo_toast')
		expect((await ticketAt(admin, ticketId))?.status).toBe('in-progress')
	})

	test('a quick action out of turn is refused in the form that asked, and changes nothing', async () => {
		const { ticketId, admin } = await setting()
		const answer = await post('/devops-dashboard?intent=resolve', { ticketId }, admin)
		expect(answer.status).toBe(400)
		expect(answer.data).toMatchObject({
			intent: 'resolve',
			ticketId,
			result: { status: 'error', error: { '': ['Only a ticket in progress can be resolved'] } },
		})
		expect((await ticketAt(admin, ticketId))?.status).toBe('open')
	})

	test('an internal note is kept; a blank comment gets the spec message', async () => {
		const { ticketId, admin } = await setting()
		const blank = await post('/devops-dashboard?intent=comment', { ticketId, comment: '   ' }, admin)
		expect(blank.status).toBe(400)
		expect(blank.data).toMatchObject({ intent: 'comment', result: { error: { comment: ['Comment cannot be empty'] } } })

		const note = await post(
			'/devops-dashboard?intent=comment',
			{ ticketId, comment: 'CDN logs', isInternal: 'on' },
			admin,
		)
		expect(note.status).toBe(302)
		expect((await ticketAt(admin, ticketId))?.comments).toMatchObject([{ comment: 'CDN logs', isInternal: true }])
	})

	test('the details form saves status, priority and assignee together; an empty assignee clears it', async () => {
		const { ticketId, admin } = await setting()
		const save = (assignedTo: string) =>
			post(
				'/devops-dashboard?intent=update-ticket',
				{ ticketId, status: 'closed', priority: 'high', assignedTo },
				admin,
			)
		expect((await save('Sam')).status).toBe(302)
		expect(await ticketAt(admin, ticketId)).toMatchObject({ status: 'closed', priority: 'high', assignedTo: 'Sam' })
		expect((await save('')).status).toBe(302)
		expect((await ticketAt(admin, ticketId))?.assignedTo).toBeNull()
	})

	test('an unknown intent or ticket is refused', async () => {
		const { admin } = await setting()
		expect((await post('/devops-dashboard?intent=delete', { ticketId: 'x' }, admin)).status).toBe(400)
		const gone = await post('/devops-dashboard?intent=start-work', { ticketId: crypto.randomUUID() }, admin)
		expect(gone.status).toBe(400)
		expect(gone.data).toMatchObject({ result: { error: { '': ['Ticket not found'] } } })
		expect(await ticketAt(admin, crypto.randomUUID())).toBeNull()
	})
})

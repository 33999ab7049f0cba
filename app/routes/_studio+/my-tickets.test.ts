import { expect, test } from 'vitest'
import { actorFor, insertUser } from '#tests/factories.ts'
import { getRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { addComment, getTicket, reportIssue } from '#core/tickets/tickets.ts'
import { action, loader } from './my-tickets.tsx'

const form = (cookie: string, fields: Record<string, string>) =>
	new Request('http://localhost:3000/my-tickets', {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: { cookie },
	})

test('an agent sees their own tickets and the public replies, never internal notes, and replies with a plain form post', async () => {
	const reporter = await insertUser({ role: 'agent' })
	const staff = actorFor(await insertUser({ role: 'admin', firstName: 'Sam' }))
	const { ticketId } = await reportIssue(actorFor(reporter), { issueType: 'other', description: 'The ZIP is empty' })
	await addComment(staff, ticketId, { comment: 'INTERNAL: check the bucket', isInternal: true })
	await addComment(staff, ticketId, { comment: 'Looking into it now', isInternal: false })
	const cookie = await cookieFor(reporter)

	const page = (await loader({ request: getRequest('/my-tickets', { cookie }), params: {}, context: {} })) as Awaited<
		ReturnType<typeof loader>
	>
	expect(page.tickets.map((t) => t.description)).toEqual(['The ZIP is empty'])
	expect(page.tickets[0].comments.map((c) => c.comment)).toEqual(['Looking into it now'])

	const sent = (await action({
		request: form(cookie, { ticketId, comment: 'Thanks, still empty today' }),
		params: {},
		context: {},
	})) as Response
	expect(sent.status).toBe(302)
	expect(sent.headers.get('location')).toBe('/my-tickets')
	const after = await getTicket(staff, ticketId)
	expect(after.comments.map((c) => [c.comment, c.isInternal])).toEqual([
		['INTERNAL: check the bucket', true],
		['Looking into it now', false],
		['Thanks, still empty today', false],
	])
})

test("an empty reply is refused in the page, and someone else's ticket is not found", async () => {
	const reporter = await insertUser({ role: 'agent' })
	const { ticketId } = await reportIssue(actorFor(reporter), { issueType: 'other', description: 'Mine' })
	const empty = (await action({
		request: form(await cookieFor(reporter), { ticketId, comment: '  ' }),
		params: {},
		context: {},
	})) as unknown as {
		init: { status: number }
		data: { ticketId: string; result: { error: Record<string, string[]> } }
	}
	expect(empty.init.status).toBe(400)
	expect(empty.data).toMatchObject({ ticketId, result: { error: { comment: ['Comment cannot be empty'] } } })

	const stranger = await cookieFor(await insertUser({ role: 'agent' }))
	const foreign = (await action({
		request: form(stranger, { ticketId, comment: 'hi' }),
		params: {},
		context: {},
	})) as unknown as { init: { status: number } }
	expect(foreign.init.status).toBe(404)
})

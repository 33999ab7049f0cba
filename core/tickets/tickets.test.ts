import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { issueTickets } from '#db/schema/tickets.ts'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { outboxMessages } from '#tests/outbox.ts'
import { ticketPriority } from './priority.ts'
import {
	addComment,
	closeTicket,
	getTicket,
	listOwnTickets,
	listTickets,
	reportIssue,
	resolveTicket,
	startWork,
	ticketStats,
	updateTicket,
} from './tickets.ts'

async function people() {
	const reporter = await insertUser({ firstName: 'Rita', lastName: 'Reporter' })
	const admin = await insertUser({ role: 'admin', firstName: 'Sam' })
	return { reporter, admin, agent: actorFor(reporter), staff: actorFor(admin) }
}

async function projectFor(userId: string, overrides: Partial<typeof propertyStudioProjects.$inferInsert> = {}) {
	const [project] = await db
		.insert(propertyStudioProjects)
		.values({ userId, propertyAddress: '12 Harbour Row', ...overrides })
		.returning()
	return project
}

test('twenty concurrent reports get twenty distinct, sequential ticket numbers', async () => {
	const { agent } = await people()
	const results = await Promise.all(
		Array.from({ length: 20 }, (_, i) => reportIssue(agent, { issueType: 'other', description: `Report ${i}` })),
	)
	const numbers = results.map((r) => r.ticketNumber)
	expect(new Set(numbers).size).toBe(20)
	const year = new Date().getUTCFullYear()
	expect(numbers.every((n) => new RegExp(`^RND-${year}-\\d{6}$`).test(n))).toBe(true)
	const sequence = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b)
	expect(sequence.at(-1)! - sequence[0]).toBe(19)
	expect(results.every((r) => r.status === 'open' && r.priority === 'low')).toBe(true)
})

test('a report answers the spec fields, captures project state server-side and e-mails the reporter', async () => {
	const { reporter, agent } = await people()
	const project = await projectFor(reporter.id)
	const [room] = await db
		.insert(propertyStudioRooms)
		.values({ projectId: project.id, roomType: 'kitchen', originalImageUrl: 'rooms/x/original.jpg' })
		.returning()
	await db
		.insert(propertyStudioVariations)
		.values({ roomId: room.id, style: 'modern', status: 'failed', errorMessage: 'Provider refused the photo' })

	const result = await reportIssue(
		agent,
		{ projectId: project.id, issueType: 'poor-quality', description: '  Blurry  ', contactEmail: '' },
		{ userAgent: 'Vitest/1.0' },
	)
	expect(result).toEqual({
		ticketNumber: expect.stringMatching(/^RND-/),
		ticketId: expect.any(String),
		priority: 'medium',
		status: 'open',
	})

	const [row] = await db.select().from(issueTickets).where(eq(issueTickets.id, result.ticketId))
	expect(row.description).toBe('Blurry')
	expect(row.userAgent).toBe('Vitest/1.0')
	expect(row.title).toBe('Poor Quality Results: 12 Harbour Row')
	expect(row.technicalDetails).toMatchObject({
		projectStatus: 'active',
		renders: { failed: 1 },
		lastRenderErrors: [{ style: 'modern', message: 'Provider refused the photo' }],
	})

	await drainJobs()
	const mail = outboxMessages().find((m) => m.subject.includes(result.ticketNumber))
	expect(mail?.to).toContain(reporter.email)
})

test("description and issue type are required, and another user's project is refused", async () => {
	const { agent } = await people()
	const stranger = await insertUser()
	const theirs = await projectFor(stranger.id)
	await expect(reportIssue(agent, { issueType: 'other', description: '   ' })).rejects.toMatchObject({
		fieldErrors: { description: ['Please fill in all required fields'] },
	})
	await expect(reportIssue(agent, { description: 'x' })).rejects.toBeInstanceOf(InputError)
	await expect(
		reportIssue(agent, { projectId: theirs.id, issueType: 'other', description: 'x' }),
	).rejects.toBeInstanceOf(ForbiddenError)
	expect(await db.select().from(issueTickets).where(eq(issueTickets.projectId, theirs.id))).toHaveLength(0)
})

test('the priority rule: type base, paid and troubled projects raised', () => {
	const calm = { paid: false, stuck: false, hasFailedRenders: false }
	expect(ticketPriority('other', null)).toBe('low')
	expect(ticketPriority('processing-stuck', null)).toBe('high')
	expect(ticketPriority('poor-quality', { ...calm, stuck: true })).toBe('medium')
	expect(ticketPriority('poor-quality', { ...calm, paid: true, stuck: true })).toBe('high')
	expect(ticketPriority('other', { ...calm, paid: true, hasFailedRenders: true })).toBe('high')
	expect(ticketPriority('download-failed', { ...calm, paid: true })).toBe('critical')
})

test('a completed (paid) project with failed renders makes a report high', async () => {
	const { reporter, agent } = await people()
	const project = await projectFor(reporter.id, { status: 'completed', completedAt: new Date() })
	const [room] = await db
		.insert(propertyStudioRooms)
		.values({ projectId: project.id, roomType: 'kitchen', originalImageUrl: 'rooms/y/original.jpg' })
		.returning()
	await db
		.insert(propertyStudioVariations)
		.values({ roomId: room.id, style: 'modern', status: 'failed', errorMessage: 'boom' })
	const result = await reportIssue(agent, { projectId: project.id, issueType: 'wrong-style', description: 'Wrong' })
	expect(result.priority).toBe('high')
})

test('quick actions only move open → in-progress → resolved; the dialog may set any status', async () => {
	const { agent, staff } = await people()
	const { ticketId } = await reportIssue(agent, { issueType: 'upload-failed', description: 'It failed' })

	await expect(resolveTicket(staff, ticketId)).rejects.toBeInstanceOf(InputError)
	const started = await startWork(staff, ticketId)
	expect(started.status).toBe('in-progress')
	await expect(startWork(staff, ticketId)).rejects.toBeInstanceOf(InputError)
	const resolved = await resolveTicket(staff, ticketId, 'Re-uploaded for them')
	expect(resolved).toMatchObject({ status: 'resolved', resolution: 'Re-uploaded for them' })
	expect(resolved.resolvedAt).not.toBeNull()

	const reopened = await updateTicket(staff, ticketId, { status: 'open', priority: 'critical', assignedTo: 'Sam' })
	expect(reopened).toMatchObject({
		status: 'open',
		priority: 'critical',
		assignedTo: 'Sam',
		resolvedAt: null,
		closedAt: null,
	})
	expect(Date.parse(reopened.updatedAt)).toBeGreaterThanOrEqual(Date.parse(resolved.updatedAt))

	const closed = await closeTicket(staff, ticketId)
	expect(closed.status).toBe('closed')
	expect(closed.closedAt).not.toBeNull()
	await expect(closeTicket(staff, ticketId)).rejects.toBeInstanceOf(InputError)
	expect((await updateTicket(staff, ticketId, { assignedTo: '  ' })).assignedTo).toBeNull()
})

test('agents cannot manage tickets', async () => {
	const { agent, reporter } = await people()
	const { ticketId } = await reportIssue(agent, { issueType: 'other', description: 'x' })
	await expect(listTickets(agent)).rejects.toBeInstanceOf(ForbiddenError)
	await expect(ticketStats(agent)).rejects.toBeInstanceOf(ForbiddenError)
	await expect(updateTicket(agent, ticketId, { status: 'closed' })).rejects.toBeInstanceOf(ForbiddenError)
	await expect(startWork(agent, ticketId)).rejects.toBeInstanceOf(ForbiddenError)
	await expect(addComment(agent, ticketId, { comment: 'psst', isInternal: true })).rejects.toBeInstanceOf(
		ForbiddenError,
	)
	const stranger = actorFor(await insertUser())
	await expect(getTicket(stranger, ticketId)).rejects.toBeInstanceOf(NotFoundError)
	expect((await getTicket(agent, ticketId)).userEmail).toBe(reporter.email)
})

test("internal notes stay out of the reporter's views and e-mails; public comments are e-mailed", async () => {
	const { agent, staff, reporter } = await people()
	const { ticketId, ticketNumber } = await reportIssue(agent, {
		issueType: 'other',
		description: 'Help',
		contactEmail: 'Rita.Contact@Example.com',
	})
	await expect(addComment(staff, ticketId, { comment: '   ', isInternal: false })).rejects.toMatchObject({
		fieldErrors: { comment: ['Comment cannot be empty'] },
	})
	await addComment(staff, ticketId, { comment: 'SECRET-NOTE customer is grumpy', isInternal: true })
	const reply = await addComment(staff, ticketId, { comment: 'We are on it', isInternal: false })
	expect(reply.author).toBe('Sam')

	const mine = await getTicket(agent, ticketNumber)
	expect(mine.comments.map((c) => c.comment)).toEqual(['We are on it'])
	expect((await listOwnTickets(agent))[0].comments.map((c) => c.comment)).toEqual(['We are on it'])
	const full = await getTicket(staff, ticketId)
	expect(full.comments.map((c) => c.isInternal)).toEqual([true, false])
	expect((await listTickets(staff, { status: 'open' })).find((t) => t.id === ticketId)?.comments).toHaveLength(2)

	await drainJobs()
	const mails = outboxMessages().filter((m) => m.subject.includes(ticketNumber))
	expect(mails.map((m) => m.to.toLowerCase())).toEqual(['rita.contact@example.com', 'rita.contact@example.com'])
	expect(mails.some((m) => m.body.includes('We are on it'))).toBe(true)
	expect(mails.some((m) => m.body.includes('SECRET-NOTE'))).toBe(false)
	expect(reporter.email).not.toBe('rita.contact@example.com')
})

test('the reporter is e-mailed when their ticket is resolved, with the resolution, once per resolution', async () => {
	const { agent, staff, reporter } = await people()
	const { ticketId, ticketNumber } = await reportIssue(agent, { issueType: 'other', description: 'Broken' })
	await startWork(staff, ticketId)
	await resolveTicket(staff, ticketId, 'Your renders are back')
	await updateTicket(staff, ticketId, { priority: 'high' })
	await drainJobs()
	const resolved = outboxMessages().filter((m) => m.subject === `[${ticketNumber}] Your issue report is resolved`)
	expect(resolved).toHaveLength(1)
	expect(resolved[0].to).toContain(reporter.email)
	expect(resolved[0].body).toContain('Your renders are back')
})

test('stats count by status, active critical/high, and average resolution hours', async () => {
	const { agent, staff } = await people()
	await db.delete(issueTickets)
	const a = await reportIssue(agent, { issueType: 'processing-stuck', description: 'a' })
	const b = await reportIssue(agent, { issueType: 'other', description: 'b' })
	await reportIssue(agent, { issueType: 'other', description: 'c' })
	await startWork(staff, a.ticketId)
	await startWork(staff, b.ticketId)
	await resolveTicket(staff, b.ticketId)
	const created = new Date(Date.now() - 3 * 3600_000)
	await db
		.update(issueTickets)
		.set({ createdAt: created, resolvedAt: new Date(created.getTime() + 2 * 3600_000) })
		.where(eq(issueTickets.id, b.ticketId))

	expect(await ticketStats(staff)).toEqual({
		total: 3,
		open: 1,
		inProgress: 1,
		critical: 0,
		high: 1,
		resolved: 1,
		closed: 0,
		averageResolutionTime: 2,
	})
})

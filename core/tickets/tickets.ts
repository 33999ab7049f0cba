import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import { users } from '#db/schema/accounts.ts'
import {
	issueTickets,
	ticketComments,
	ticketNumberSeq,
	type IssueTicket,
	type TicketComment,
} from '#db/schema/tickets.ts'
import { assertCan, can, requireUser, type Actor } from '#core/accounts/actor.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { isUuid } from '#core/ids.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { ownedProject } from '#core/studio/access.ts'
import { parseInput } from '#core/validate.ts'
import { ticketPriority } from './priority.ts'
import { projectSnapshot } from './project-snapshot.ts'
import { queuePublicComment, queueReportReceived, queueResolved } from './ticket-mail.ts'
import {
	CommentSchema,
	ISSUE_TYPE_LABELS,
	ReportIssueSchema,
	TicketFilterSchema,
	UpdateTicketSchema,
	type TicketPriority,
	type TicketStatus,
} from './ticket.schema.ts'

/** Dashboards list the most recent tickets; older ones stay reachable by number. */
const LIST_LIMIT = 500
const TICKET_NUMBER = /^RND-\d{4}-\d{6,}$/i

/** 'RND-2026-000123': the year it was reported and a database sequence, unique without locks. */
function formatTicketNumber(year: number, n: number) {
	return `RND-${year}-${String(n).padStart(6, '0')}`
}

function personName(u: { firstName: string | null; lastName: string | null; username: string }) {
	return [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username
}

function commentView(c: TicketComment) {
	return {
		id: c.id,
		author: c.author,
		comment: c.comment,
		isInternal: c.isInternal,
		createdAt: c.createdAt.toISOString(),
	}
}
export type TicketCommentView = ReturnType<typeof commentView>

type Reporter = { firstName: string | null; lastName: string | null; username: string; email: string }

/** The support ticket of spec 02 §3, plus the fields the dialog and the CLI show. */
function ticketView(t: IssueTicket, reporter: Reporter, comments: TicketComment[]) {
	return {
		id: t.id,
		ticketNumber: t.ticketNumber,
		issueType: t.issueType,
		title: t.title,
		description: t.description,
		status: t.status as TicketStatus,
		priority: t.priority as TicketPriority,
		projectId: t.projectId,
		userName: personName(reporter),
		userEmail: reporter.email,
		contactEmail: t.contactEmail,
		assignedTo: t.assignedTo,
		resolution: t.resolution,
		createdAt: t.createdAt.toISOString(),
		updatedAt: t.updatedAt.toISOString(),
		resolvedAt: t.resolvedAt?.toISOString() ?? null,
		closedAt: t.closedAt?.toISOString() ?? null,
		comments: comments.map(commentView),
	}
}
export type TicketView = ReturnType<typeof ticketView>

const reporterColumns = {
	firstName: users.firstName,
	lastName: users.lastName,
	username: users.username,
	email: users.email,
}

async function withComments(
	tx: Tx,
	rows: Array<{ ticket: IssueTicket; reporter: Reporter }>,
	includeInternal: boolean,
) {
	const ids = rows.map((r) => r.ticket.id)
	const comments = ids.length
		? await tx
				.select()
				.from(ticketComments)
				.where(
					and(
						inArray(ticketComments.ticketId, ids),
						includeInternal ? undefined : eq(ticketComments.isInternal, false),
					),
				)
				.orderBy(asc(ticketComments.createdAt))
		: []
	return rows.map((r) =>
		ticketView(
			r.ticket,
			r.reporter,
			comments.filter((c) => c.ticketId === r.ticket.id),
		),
	)
}

function ticketKey(idOrNumber: string): SQL | null {
	const value = idOrNumber.trim()
	if (isUuid(value)) return eq(issueTickets.id, value)
	if (TICKET_NUMBER.test(value)) return eq(issueTickets.ticketNumber, value.toUpperCase())
	return null
}

/** The ticket row, for staff any, for a reporter only their own; others get a 404. */
async function visibleTicket(tx: Tx, actor: Actor, idOrNumber: string, opts: { forUpdate?: boolean } = {}) {
	const key = ticketKey(idOrNumber)
	if (!key) throw new NotFoundError('Ticket not found')
	const query = tx
		.select({ ticket: issueTickets, reporter: reporterColumns })
		.from(issueTickets)
		.innerJoin(users, eq(users.id, issueTickets.userId))
		.where(key)
	const [row] = opts.forUpdate ? await query.for('update', { of: issueTickets }) : await query
	if (!row) throw new NotFoundError('Ticket not found')
	if (!can(actor, 'manage:tickets') && (actor.kind !== 'user' || row.ticket.userId !== actor.userId))
		throw new NotFoundError('Ticket not found')
	return row
}

/**
 * Files an issue report for the signed-in user (spec 02 §2, §5). The project, if given, must be
 * theirs (403 otherwise); its state is captured server-side and feeds the priority rule
 * (core/tickets/priority.ts). The reporter is e-mailed the ticket number (contact e-mail, else
 * the account's). `meta.userAgent` is the door's client description (browser, 'cli', 'telegram').
 */
export async function reportIssue(actor: Actor, input: unknown, meta: { userAgent?: string | null } = {}) {
	const user = requireUser(actor)
	const { projectId, issueType, description, contactEmail } = parseInput(ReportIssueSchema, input)
	return db.transaction(async (tx) => {
		const project = projectId ? await ownedProject(tx, actor, projectId) : null
		const snapshot = project ? await projectSnapshot(tx, project) : null
		const [{ n }] = await tx
			.execute<{ n: string }>(sql`select nextval(${ticketNumberSeq.seqName}) as n`)
			.then((r) => r.rows)
		const now = new Date()
		const [ticket] = await tx
			.insert(issueTickets)
			.values({
				userId: user.userId,
				projectId: project?.id ?? null,
				ticketNumber: formatTicketNumber(now.getUTCFullYear(), Number(n)),
				issueType,
				priority: ticketPriority(issueType, snapshot?.state ?? null),
				title: project ? `${ISSUE_TYPE_LABELS[issueType]}: ${project.propertyAddress}` : ISSUE_TYPE_LABELS[issueType],
				description,
				contactEmail: contactEmail ?? null,
				userAgent: meta.userAgent?.slice(0, 500) ?? null,
				technicalDetails: snapshot?.details ?? null,
				createdAt: now,
			})
			.returning()
		await queueReportReceived(tx, contactEmail ?? user.email, ticket)
		return {
			ticketNumber: ticket.ticketNumber,
			ticketId: ticket.id,
			priority: ticket.priority as TicketPriority,
			status: ticket.status as TicketStatus,
		}
	})
}

/** All tickets, newest first, optionally filtered: staff only (the support dashboard, `rendo tickets list`). */
export async function listTickets(actor: Actor, filter: unknown = {}) {
	assertCan(actor, 'manage:tickets')
	const { status, priority } = parseInput(TicketFilterSchema, filter)
	const rows = await db
		.select({ ticket: issueTickets, reporter: reporterColumns })
		.from(issueTickets)
		.innerJoin(users, eq(users.id, issueTickets.userId))
		.where(
			and(
				status ? eq(issueTickets.status, status) : undefined,
				priority ? eq(issueTickets.priority, priority) : undefined,
			),
		)
		.orderBy(desc(issueTickets.createdAt))
		.limit(LIST_LIMIT)
	return withComments(db, rows, true)
}

/** The signed-in user's own tickets, newest first, without internal notes (the bot's status, a reporter's view). */
export async function listOwnTickets(actor: Actor) {
	const { userId } = requireUser(actor)
	const rows = await db
		.select({ ticket: issueTickets, reporter: reporterColumns })
		.from(issueTickets)
		.innerJoin(users, eq(users.id, issueTickets.userId))
		.where(eq(issueTickets.userId, userId))
		.orderBy(desc(issueTickets.createdAt))
		.limit(LIST_LIMIT)
	return withComments(db, rows, false)
}

/**
 * One ticket by id or number ('RND-2026-000123') with its comments. Staff see everything; the
 * reporter sees their own ticket without internal notes; anyone else gets a 404.
 */
export async function getTicket(actor: Actor, idOrNumber: string) {
	const row = await visibleTicket(db, actor, idOrNumber)
	const [view] = await withComments(db, [row], can(actor, 'manage:tickets'))
	return view
}

/** One ticket for the staff's desk (the support dashboard, `rendo tickets show`): staff only, even for a ticket of their own. */
export async function getTicketForStaff(actor: Actor, idOrNumber: string) {
	assertCan(actor, 'manage:tickets')
	return getTicket(actor, idOrNumber)
}

/** The timestamps a status implies: leaving resolved/closed (reopening) clears them. */
function statusTimestamps(ticket: IssueTicket, status: TicketStatus, now: Date) {
	switch (status) {
		case 'open':
		case 'in-progress':
			return { resolvedAt: null, closedAt: null }
		case 'resolved':
			return { resolvedAt: ticket.status === 'resolved' ? ticket.resolvedAt : now, closedAt: null }
		case 'closed':
			// a ticket closed without passing through resolved is resolved by closing it
			return { resolvedAt: ticket.resolvedAt ?? now, closedAt: ticket.status === 'closed' ? ticket.closedAt : now }
	}
}

async function changeTicket(
	actor: Actor,
	idOrNumber: string,
	decide: (ticket: IssueTicket) => Partial<Pick<IssueTicket, 'status' | 'priority' | 'assignedTo' | 'resolution'>>,
) {
	assertCan(actor, 'manage:tickets')
	return db.transaction(async (tx) => {
		const { ticket, reporter } = await visibleTicket(tx, actor, idOrNumber, { forUpdate: true })
		const changes = decide(ticket)
		const status = changes.status as TicketStatus | undefined
		const now = new Date()
		const [updated] = await tx
			.update(issueTickets)
			.set({ ...changes, ...(status ? statusTimestamps(ticket, status, now) : {}), updatedAt: now })
			.where(eq(issueTickets.id, ticket.id))
			.returning()
		if (status === 'resolved' && ticket.status !== 'resolved')
			await queueResolved(tx, ticket.contactEmail ?? reporter.email, updated)
		const row = await visibleTicket(tx, actor, ticket.id)
		const [view] = await withComments(tx, [row], true)
		return view
	})
}

/**
 * The details dialog's save (staff only): any of status (any value, spec 02 §4), priority and
 * assignee (empty clears). Status changes set resolvedAt/closedAt; updatedAt always moves.
 */
export async function updateTicket(actor: Actor, ticketId: string, input: unknown) {
	assertCan(actor, 'manage:tickets')
	const { status, priority, assignedTo } = parseInput(UpdateTicketSchema, input)
	return changeTicket(actor, ticketId, () => ({
		...(status !== undefined && { status }),
		...(priority !== undefined && { priority }),
		...(assignedTo !== undefined && { assignedTo }),
	}))
}

function requireStatus(ticket: IssueTicket, from: TicketStatus, message: string) {
	if (ticket.status !== from) throw new InputError({ status: [message] }, message)
}

/** Quick action Start Work: only open → in-progress (staff only). */
export async function startWork(actor: Actor, ticketId: string) {
	return changeTicket(actor, ticketId, (t) => {
		requireStatus(t, 'open', 'Only an open ticket can be started')
		return { status: 'in-progress' }
	})
}

/** Quick action Resolve: only in-progress → resolved, with an optional resolution note (staff only). */
export async function resolveTicket(actor: Actor, ticketId: string, resolution?: string) {
	return changeTicket(actor, ticketId, (t) => {
		requireStatus(t, 'in-progress', 'Only a ticket in progress can be resolved')
		const note = resolution?.trim()
		return { status: 'resolved', ...(note && { resolution: note.slice(0, 5000) }) }
	})
}

/** Closes a ticket from any other status (staff only; the dialog's 'Closed', `rendo tickets close`). */
export async function closeTicket(actor: Actor, ticketId: string) {
	return changeTicket(actor, ticketId, (t) => {
		if (t.status === 'closed')
			throw new InputError({ status: ['This ticket is already closed'] }, 'This ticket is already closed')
		return { status: 'closed' }
	})
}

/**
 * Adds a comment (non-empty after trimming). Staff may comment on any ticket, publicly or as an
 * internal note; the reporter may add public comments to their own ticket. A staff member's
 * public comment is e-mailed to the reporter; internal notes never are.
 */
export async function addComment(actor: Actor, ticketId: string, input: unknown) {
	const user = requireUser(actor)
	const { comment, isInternal } = parseInput(CommentSchema, input)
	const staff = can(actor, 'manage:tickets')
	if (isInternal && !staff) throw new ForbiddenError('Only staff can add internal notes')
	return db.transaction(async (tx) => {
		const { ticket, reporter } = await visibleTicket(tx, actor, ticketId)
		const [author] = await tx.select().from(users).where(eq(users.id, user.userId))
		const [row] = await tx
			.insert(ticketComments)
			.values({ ticketId: ticket.id, author: author ? personName(author) : user.email, comment, isInternal })
			.returning()
		await tx.update(issueTickets).set({ updatedAt: new Date() }).where(eq(issueTickets.id, ticket.id))
		if (staff && !isInternal && ticket.userId !== user.userId)
			await queuePublicComment(tx, ticket.contactEmail ?? reporter.email, ticket, row)
		return commentView(row)
	})
}

/** A comment from the staff's desk (the support dashboard, `rendo tickets comment`): staff only; reporters answer from their own door. */
export async function addStaffComment(actor: Actor, ticketId: string, input: unknown) {
	assertCan(actor, 'manage:tickets')
	return addComment(actor, ticketId, input)
}

/**
 * The dashboard's stat cards (staff only): totals by status; critical and high count the tickets
 * still being worked on (open or in progress); averageResolutionTime is the mean hours from
 * report to resolution over resolved and closed tickets (0 when none).
 */
export async function ticketStats(actor: Actor) {
	assertCan(actor, 'manage:tickets')
	const active = inArray(issueTickets.status, ['open', 'in-progress'])
	const [row] = await db
		.select({
			total: count(),
			open: count(sql`case when ${issueTickets.status} = 'open' then 1 end`),
			inProgress: count(sql`case when ${issueTickets.status} = 'in-progress' then 1 end`),
			resolved: count(sql`case when ${issueTickets.status} = 'resolved' then 1 end`),
			closed: count(sql`case when ${issueTickets.status} = 'closed' then 1 end`),
			critical: count(sql`case when ${issueTickets.priority} = 'critical' and ${active} then 1 end`),
			high: count(sql`case when ${issueTickets.priority} = 'high' and ${active} then 1 end`),
			averageResolutionHours: sql<
				string | null
			>`avg(extract(epoch from ${issueTickets.resolvedAt} - ${issueTickets.createdAt}) / 3600) filter (where ${isNotNull(issueTickets.resolvedAt)} and ${inArray(issueTickets.status, ['resolved', 'closed'])})`,
		})
		.from(issueTickets)
	return {
		total: row.total,
		open: row.open,
		inProgress: row.inProgress,
		critical: row.critical,
		high: row.high,
		resolved: row.resolved,
		closed: row.closed,
		averageResolutionTime:
			row.averageResolutionHours === null ? 0 : Math.round(Number(row.averageResolutionHours) * 10) / 10,
	}
}

import { sql } from 'drizzle-orm'
import { boolean, check, index, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { propertyStudioProjects } from './studio.ts'

// why a sequence: ticket numbers (RND-2026-000123) must be unique and in order even when many
// reports arrive at once; nextval never hands the same value out twice
export const ticketNumberSeq = pgSequence('issue_ticket_number_seq', { startWith: 1 })

export const issueTickets = pgTable(
	'issue_tickets',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		projectId: uuid('project_id').references(() => propertyStudioProjects.id, {
			onDelete: 'set null',
		}),
		ticketNumber: text('ticket_number').notNull().unique(),
		issueType: text('issue_type').notNull(),
		priority: text('priority').notNull().default('medium'),
		status: text('status').notNull().default('open'),
		title: text('title').notNull(),
		description: text('description').notNull(),
		contactEmail: text('contact_email'),
		// why text and not a user id: the support dashboard edits the assignee as free text
		assignedTo: text('assigned_to'),
		resolution: text('resolution'),
		userAgent: text('user_agent'),
		technicalDetails: jsonb('technical_details').$type<Record<string, unknown>>(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true })
			.notNull()
			.defaultNow()
			.$onUpdate(() => new Date()),
		resolvedAt: timestamp('resolved_at', { withTimezone: true }),
		closedAt: timestamp('closed_at', { withTimezone: true }),
	},
	(t) => [
		index('issue_tickets_user_id_idx').on(t.userId),
		index('issue_tickets_project_id_idx').on(t.projectId),
		index('issue_tickets_status_idx').on(t.status),
		index('issue_tickets_created_at_idx').on(t.createdAt.desc()),
		check('issue_tickets_status_check', sql`${t.status} in ('open', 'in-progress', 'resolved', 'closed')`),
		check('issue_tickets_priority_check', sql`${t.priority} in ('low', 'medium', 'high', 'critical')`),
	],
)

export const ticketComments = pgTable(
	'ticket_comments',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ticketId: uuid('ticket_id')
			.notNull()
			.references(() => issueTickets.id, { onDelete: 'cascade' }),
		// display name of the writer, as the dashboard shows it
		author: text('author').notNull(),
		comment: text('comment').notNull(),
		isInternal: boolean('is_internal').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('ticket_comments_ticket_id_idx').on(t.ticketId)],
)

export type IssueTicket = typeof issueTickets.$inferSelect
export type NewIssueTicket = typeof issueTickets.$inferInsert
export type TicketComment = typeof ticketComments.$inferSelect
export type NewTicketComment = typeof ticketComments.$inferInsert

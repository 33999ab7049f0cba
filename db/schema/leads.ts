import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

export const tryItFreeLeads = pgTable(
	'try_it_free_leads',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		name: text('name').notNull(),
		email: text('email').notNull().unique(),
		// why these three (not in the spec's stored model): the submission carries them and the
		// render job needs them, so the job payload can be just the lead id
		roomType: text('room_type'),
		style: text('style'),
		requiresDeclutter: boolean('requires_declutter').notNull().default(false),
		originalImageUrl: text('original_image_url'),
		transformedImageUrl: text('transformed_image_url'),
		status: text('status').notNull().default('processing'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
		emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
		hasConverted: boolean('has_converted').notNull().default(false),
		conversionDate: timestamp('conversion_date', { withTimezone: true }),
		// why the default: the token is the public link to the result, so it must be unguessable
		uniqueToken: text('unique_token').notNull().unique().default(sql`replace(gen_random_uuid()::text, '-', '')`),
		viewCount: integer('view_count').notNull().default(0),
	},
	(t) => [
		// why: one free trial per e-mail address, whatever its case
		uniqueIndex('try_it_free_leads_email_lower_unique').on(sql`lower(${t.email})`),
		index('try_it_free_leads_status_idx').on(t.status),
	],
)

export const foundingMemberApplications = pgTable(
	'founding_member_applications',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		name: text('name').notNull(),
		email: text('email').notNull(),
		phone: text('phone'),
		company: text('company'),
		message: text('message'),
		status: text('status').notNull().default('pending'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		contactedAt: timestamp('contacted_at', { withTimezone: true }),
		convertedAt: timestamp('converted_at', { withTimezone: true }),
		// pence: 150000 is £1,500.00
		estimatedValue: integer('estimated_value').notNull().default(150000),
	},
	(t) => [index('founding_member_applications_status_idx').on(t.status)],
)

export type TryItFreeLead = typeof tryItFreeLeads.$inferSelect
export type NewTryItFreeLead = typeof tryItFreeLeads.$inferInsert
export type FoundingMemberApplication = typeof foundingMemberApplications.$inferSelect
export type NewFoundingMemberApplication = typeof foundingMemberApplications.$inferInsert

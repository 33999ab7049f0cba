import { sql } from 'drizzle-orm'
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { agents, users } from './accounts.ts'
import { transformations } from './transformations.ts'

export const properties = pgTable(
	'properties',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// why nullable: the client-preference forms carry an agentEmail and may come from
		// someone without an account
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
		address: text('address').notNull(),
		clientName: text('client_name'),
		clientEmail: text('client_email'),
		agentNotes: text('agent_notes'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('properties_user_id_idx').on(t.userId), index('properties_agent_id_idx').on(t.agentId)],
)

export const propertyTours = pgTable(
	'property_tours',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		propertyId: uuid('property_id')
			.notNull()
			.references(() => properties.id, { onDelete: 'cascade' }),
		tourDate: timestamp('tour_date', { withTimezone: true }),
		notes: text('notes'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('property_tours_property_id_idx').on(t.propertyId)],
)

export const clientPreferences = pgTable(
	'client_preferences',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		tourId: uuid('tour_id')
			.notNull()
			.references(() => propertyTours.id, { onDelete: 'cascade' }),
		preferredStyle: text('preferred_style'),
		areasOfInterest: jsonb('areas_of_interest').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
		specificRequests: text('specific_requests'),
		// the address the client-preference forms send the finished brochure's notice to
		agentEmail: text('agent_email'),
		// the multi-room demo's render settings (standard/premium/ultra, natural/warm/bright/ambient)
		qualityLevel: text('quality_level'),
		lightingPreference: text('lighting_preference'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('client_preferences_tour_id_idx').on(t.tourId)],
)

export const rendoProjects = pgTable(
	'rendo_projects',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		propertyId: uuid('property_id')
			.notNull()
			.references(() => properties.id, { onDelete: 'cascade' }),
		tourId: uuid('tour_id').references(() => propertyTours.id, { onDelete: 'set null' }),
		transformationId: uuid('transformation_id').references(() => transformations.id, {
			onDelete: 'set null',
		}),
		status: text('status').notNull().default('planned'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
	},
	(t) => [
		index('rendo_projects_property_id_idx').on(t.propertyId),
		index('rendo_projects_status_idx').on(t.status),
		// why unique: a brochure finds its project through the transformation they share
		uniqueIndex('rendo_projects_transformation_id_unique').on(t.transformationId),
	],
)

export const emailEvents = pgTable(
	'email_events',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		rendoProjectId: uuid('rendo_project_id')
			.notNull()
			.references(() => rendoProjects.id, { onDelete: 'cascade' }),
		recipientEmail: text('recipient_email').notNull(),
		subject: text('subject'),
		// why nullable: the row may be written when the mail job is queued, before it is sent
		sentAt: timestamp('sent_at', { withTimezone: true }),
		openedAt: timestamp('opened_at', { withTimezone: true }),
		clickedAt: timestamp('clicked_at', { withTimezone: true }),
	},
	(t) => [index('email_events_rendo_project_id_idx').on(t.rendoProjectId)],
)

export const offerEvents = pgTable(
	'offer_events',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		propertyId: uuid('property_id')
			.notNull()
			.references(() => properties.id, { onDelete: 'cascade' }),
		clientEmail: text('client_email'),
		// why bigint: a house price in pence overflows a 32-bit integer above £21.4m
		offerAmount: bigint('offer_amount', { mode: 'number' }),
		offerDate: timestamp('offer_date', { withTimezone: true }),
		status: text('status').notNull().default('pending'),
		linkedEmailId: uuid('linked_email_id').references(() => emailEvents.id, {
			onDelete: 'set null',
		}),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('offer_events_property_id_idx').on(t.propertyId)],
)

export type Property = typeof properties.$inferSelect
export type NewProperty = typeof properties.$inferInsert
export type PropertyTour = typeof propertyTours.$inferSelect
export type NewPropertyTour = typeof propertyTours.$inferInsert
export type ClientPreference = typeof clientPreferences.$inferSelect
export type NewClientPreference = typeof clientPreferences.$inferInsert
export type RendoProject = typeof rendoProjects.$inferSelect
export type NewRendoProject = typeof rendoProjects.$inferInsert
export type EmailEvent = typeof emailEvents.$inferSelect
export type NewEmailEvent = typeof emailEvents.$inferInsert
export type OfferEvent = typeof offerEvents.$inferSelect
export type NewOfferEvent = typeof offerEvents.$inferInsert

import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'

export const transformations = pgTable(
	'transformations',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		originalImageUrl: text('original_image_url'),
		beforeImageUrl: text('before_image_url'),
		afterImageUrl: text('after_image_url'),
		propertyUrl: text('property_url'),
		style: text('style').notNull(),
		areas: jsonb('areas').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
		status: text('status').notNull().default('pending'),
		statusMessage: text('status_message'),
		// set when the user ticked 'Email me the results': where the finished images go
		emailResultsTo: text('email_results_to'),
		// why: the results e-mail job is retried; once sent, a retry must not send it again
		resultsEmailedAt: timestamp('results_emailed_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
	},
	(t) => [
		index('transformations_user_id_idx').on(t.userId),
		index('transformations_status_idx').on(t.status),
		// why: the admin overview lists the most recent ones
		index('transformations_created_at_idx').on(t.createdAt.desc()),
		check('transformations_status_check', sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`),
	],
)

/**
 * One render per chosen area of a transformation: the source photo it styles and, once done, the
 * result. Unique per (transformation, area), so a retried job updates its row instead of adding one.
 */
export const transformationRenders = pgTable(
	'transformation_renders',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		transformationId: uuid('transformation_id')
			.notNull()
			.references(() => transformations.id, { onDelete: 'cascade' }),
		area: text('area').notNull(),
		// storage keys
		sourceKey: text('source_key').notNull(),
		imageKey: text('image_key'),
		status: text('status').notNull().default('pending'),
		errorMessage: text('error_message'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
	},
	(t) => [
		unique('transformation_renders_area_unique').on(t.transformationId, t.area),
		check('transformation_renders_status_check', sql`${t.status} in ('pending', 'completed', 'failed')`),
	],
)

export type TransformationRender = typeof transformationRenders.$inferSelect
export type NewTransformationRender = typeof transformationRenders.$inferInsert
export type Transformation = typeof transformations.$inferSelect
export type NewTransformation = typeof transformations.$inferInsert

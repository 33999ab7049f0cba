import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * One row per call to the rendering provider, written by the renderer itself: the operations
 * dashboard's usage against the monthly quota, success rate and response times come from here,
 * and they survive the clean-up that deletes unkept variations after completion.
 */
export const renderCalls = pgTable(
	'render_calls',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// 'local-preview' or 'http'
		provider: text('provider').notNull(),
		ok: boolean('ok').notNull(),
		durationMs: integer('duration_ms').notNull(),
		errorMessage: text('error_message'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	// why: every figure is a count over a time range
	(t) => [index('render_calls_created_at_idx').on(t.createdAt)],
)

export type RenderCall = typeof renderCalls.$inferSelect
export type NewRenderCall = typeof renderCalls.$inferInsert

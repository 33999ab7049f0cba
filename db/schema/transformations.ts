import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
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
    areas: jsonb('areas')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('pending'),
    statusMessage: text('status_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('transformations_user_id_idx').on(t.userId),
    index('transformations_status_idx').on(t.status),
    // why: the admin overview lists the most recent ones
    index('transformations_created_at_idx').on(t.createdAt.desc()),
    check(
      'transformations_status_check',
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`,
    ),
  ],
)

export type Transformation = typeof transformations.$inferSelect
export type NewTransformation = typeof transformations.$inferInsert

import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { propertyStudioProjects } from './studio.ts'

/**
 * A property's public originals page (core/disclosure): every delivered altered image beside its
 * original, reached without a login by an unguessable token. A new address retires the old one,
 * which then answers 410; the live one may be switched off and on again.
 */
export const originalsPages = pgTable(
	'originals_pages',
	{
		// 128 random bits, base64url: the page's address and the only way in
		token: text('token').primaryKey(),
		projectId: uuid('project_id')
			.notNull()
			.references(() => propertyStudioProjects.id, { onDelete: 'cascade' }),
		enabled: boolean('enabled').notNull().default(true),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		retiredAt: timestamp('retired_at', { withTimezone: true }),
	},
	(t) => [
		// why: one live address per property, so two first requests racing make one page
		uniqueIndex('originals_pages_live_unique').on(t.projectId).where(sql`${t.retiredAt} is null`),
		index('originals_pages_project_id_idx').on(t.projectId),
	],
)

export type OriginalsPage = typeof originalsPages.$inferSelect

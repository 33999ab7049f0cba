import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { propertyStudioProjects, propertyStudioRooms } from './studio.ts'

// Bulk imports (`rendo import`) are resumable: every property and every photo row of a CSV has a
// stable key, recorded in the same transaction as the rows it made, so a second run of the same
// file finds them and skips instead of duplicating. Deleting the project deletes its keys, so a
// later import makes it again.
export const propertyImportKeys = pgTable(
	'property_import_keys',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		// 'project:<hash of the address>' or 'room:<hash of the address and the photo>'
		importKey: text('import_key').notNull(),
		projectId: uuid('project_id')
			.notNull()
			.references(() => propertyStudioProjects.id, { onDelete: 'cascade' }),
		// null for a property's own key
		roomId: uuid('room_id').references(() => propertyStudioRooms.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		// why: the key is unique per agent; a rerun that races another run fails instead of duplicating
		unique('property_import_keys_user_key_unique').on(t.userId, t.importKey),
		index('property_import_keys_project_id_idx').on(t.projectId),
		index('property_import_keys_room_id_idx').on(t.roomId),
	],
)

export type PropertyImportKey = typeof propertyImportKeys.$inferSelect
export type NewPropertyImportKey = typeof propertyImportKeys.$inferInsert

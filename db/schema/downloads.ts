import { bigint, boolean, foreignKey, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { propertyStudioProjects, propertyStudioVariations } from './studio.ts'

/**
 * The final images of a completed project, one per kept variation, written by the completion
 * clean-up job: where the final file is (branded or not), its download name and its size, so the
 * downloads list and the ZIP never have to ask the storage about each file.
 */
export const propertyStudioDownloadAssets = pgTable(
	'property_studio_download_assets',
	{
		// why the variation's id: one final image per kept variation, so a retried job is a no-op
		// (foreign keys declared below with short names)
		variationId: uuid('variation_id').primaryKey(),
		projectId: uuid('project_id').notNull(),
		storageKey: text('storage_key').notNull(),
		// e.g. 12-acacia-avenue_kitchen_scandinavian_1.jpg
		fileName: text('file_name').notNull(),
		fileSize: bigint('file_size', { mode: 'number' }).notNull(),
		watermarked: boolean('watermarked').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		foreignKey({
			name: 'property_studio_download_assets_variation_id_fk',
			columns: [t.variationId],
			foreignColumns: [propertyStudioVariations.id],
		}).onDelete('cascade'),
		foreignKey({
			name: 'property_studio_download_assets_project_id_fk',
			columns: [t.projectId],
			foreignColumns: [propertyStudioProjects.id],
		}).onDelete('cascade'),
		// why: names are entries of one ZIP, which must not hold two files of the same name; it
		// also serves lookups by project (project_id leads)
		unique('property_studio_download_assets_name_unique').on(t.projectId, t.fileName),
	],
)

export type PropertyStudioDownloadAsset = typeof propertyStudioDownloadAssets.$inferSelect
export type NewPropertyStudioDownloadAsset = typeof propertyStudioDownloadAssets.$inferInsert

import { sql } from 'drizzle-orm'
import {
	bigint,
	boolean,
	check,
	foreignKey,
	index,
	integer,
	jsonb,
	pgSequence,
	pgTable,
	real,
	text,
	timestamp,
	uniqueIndex,
	uuid,
	type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { agents, users } from './accounts.ts'

/**
 * Every room and variation row takes a fresh value from this sequence when it is written (the
 * default on insert, a trigger on update; migration 0008). The gallery's count and highest value
 * change whenever what it shows changes, so its answer can be cached and given an ETag.
 */
export const galleryChangeSeq = pgSequence('gallery_change_seq')
const galleryChange = () =>
	bigint('change_seq', { mode: 'number' }).notNull().default(sql`nextval('gallery_change_seq')`)

export const propertyStudioProjects = pgTable(
	'property_studio_projects',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
		propertyAddress: text('property_address').notNull(),
		clientName: text('client_name'),
		clientEmail: text('client_email'),
		status: text('status').notNull().default('active'),
		totalRooms: integer('total_rooms').notNull().default(0),
		completedRooms: integer('completed_rooms').notNull().default(0),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
	},
	(t) => [
		index('property_studio_projects_user_id_idx').on(t.userId),
		index('property_studio_projects_agent_id_idx').on(t.agentId),
		index('property_studio_projects_status_idx').on(t.status),
		check('property_studio_projects_status_check', sql`${t.status} in ('active', 'completed', 'archived')`),
	],
)

export const propertyStudioRooms = pgTable(
	'property_studio_rooms',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		projectId: uuid('project_id')
			.notNull()
			.references(() => propertyStudioProjects.id, { onDelete: 'cascade' }),
		roomType: text('room_type').notNull(),
		// Who chose room_type: 'agent'; 'photo', a suggestion from what the photo shows
		// (core/studio/room-type-suggestion.ts) awaiting the agent's confirmation; 'nobody', a photo
		// uploaded without a type that showed none clearly: room_type is a stand-in the agent replaces
		roomTypeBy: text('room_type_by').notNull().default('agent'),
		roomName: text('room_name'),
		originalImageUrl: text('original_image_url').notNull(),
		// The upright photo's size. Set when its smaller copies (core/render/jpeg.ts RENDITION_SIZES) were
		// stored beside it; null for photos stored before, which have the thumbnail alone.
		imageWidth: integer('image_width'),
		imageHeight: integer('image_height'),
		selectedStyles: text('selected_styles').array().notNull().default(sql`'{}'::text[]`),
		hasFurniture: boolean('has_furniture').notNull().default(false),
		// another view of the room of that one (its first view): staged to match it (core/studio/room-views.ts)
		sameRoomAs: uuid('same_room_as').references((): AnyPgColumn => propertyStudioRooms.id, { onDelete: 'set null' }),
		renderId: text('render_id'),
		status: text('status').notNull().default('pending'),
		// why: keeps rooms in upload order on the gallery and downloads screens
		sortOrder: integer('sort_order').notNull().default(0),
		changeSeq: galleryChange(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
	},
	(t) => [
		index('property_studio_rooms_project_id_idx').on(t.projectId),
		check('property_studio_rooms_room_type_by_check', sql`${t.roomTypeBy} in ('agent', 'photo', 'nobody')`),
	],
)

export const propertyStudioVariations = pgTable(
	'property_studio_variations',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		roomId: uuid('room_id')
			.notNull()
			.references(() => propertyStudioRooms.id, { onDelete: 'cascade' }),
		style: text('style').notNull(),
		// the render provider's ids, not rows of ours
		renderId: text('render_id'),
		variationId: text('variation_id'),
		// who made it, with what, and what the vendor reported it cost (millionths of a US dollar)
		provider: text('provider'),
		model: text('model'),
		costUsdMicros: bigint('cost_usd_micros', { mode: 'number' }),
		// null while the render is pending (the screens show a processing placeholder)
		imageUrl: text('image_url'),
		thumbnailUrl: text('thumbnail_url'),
		// The image's size, set with its smaller copies as for the room's photo; null before them.
		imageWidth: integer('image_width'),
		imageHeight: integer('image_height'),
		isFavorite: boolean('is_favorite').notNull().default(false),
		isPermanent: boolean('is_permanent').notNull().default(false),
		generationNumber: integer('generation_number').notNull().default(1),
		// position of this variation within its (room, style, generation) batch
		variationIndex: integer('variation_index').notNull().default(0),
		status: text('status').notNull().default('pending'),
		errorMessage: text('error_message'),
		// The room check of the delivered image (core/staging/room-check): null when not checked (the
		// local preview, ROOM_CHECK=off, images from before the check); the changed regions are
		// fractions of the photo, a few rectangles at most.
		roomCheck: text('room_check'),
		roomCheckNote: text('room_check_note'),
		roomCheckRegions: jsonb('room_check_regions')
			.$type<Array<{ x: number; y: number; width: number; height: number; kind: string }>>()
			.notNull()
			.default(sql`'[]'::jsonb`),
		roomCheckResidualPx: real('room_check_residual_px'),
		// What the check saw the image add to the room and take away, largest first (its segmentation);
		// null when it did not look (the local preview, an unaligned image, images from before it looked).
		roomCheckContents: jsonb('room_check_contents').$type<{
			added: Array<{ name: string; plural: string; count: number }>
			removed: Array<{ name: string; plural: string; count: number }>
		}>(),
		// An item removal or renovation ('remove' and 'renovate' variations): what was asked, in words,
		// for the label, the originals page and the metadata ("Virtually renovated: walls, floor")
		editScope: jsonb('edit_scope').$type<{
			kind: 'remove' | 'renovate'
			items: Array<{ name: string; plural: string }>
			surfaces: Array<{ name: string; becomes: string }>
		}>(),
		// Why this view of a room was staged on its own rather than to match its first view
		stagingNote: text('staging_note'),
		// The first view's variation this view was staged to match, fixed when it was requested
		matchedTo: uuid('matched_to').references((): AnyPgColumn => propertyStudioVariations.id, { onDelete: 'set null' }),
		// The agent's answer to a 'check': kept as it is, or replaced by a free render. A replaced image
		// is set aside (core/studio/set-aside.ts): its replacement takes its slot.
		roomCheckAnswer: text('room_check_answer'),
		roomCheckAnsweredAt: timestamp('room_check_answered_at', { withTimezone: true }),
		// The set-aside image this one replaces, in its slot; one replacement per image
		replaces: uuid('replaces')
			.unique()
			.references((): AnyPgColumn => propertyStudioVariations.id, { onDelete: 'set null' }),
		changeSeq: galleryChange(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		// why: one row shown per render slot, so a retried render job inserts with ON CONFLICT DO NOTHING
		// and becomes a no-op; a set-aside image leaves its slot to its replacement; it also serves
		// lookups by room (room_id leads)
		uniqueIndex('property_studio_variations_slot_unique')
			.on(t.roomId, t.style, t.generationNumber, t.variationIndex)
			.where(sql`${t.roomCheckAnswer} is distinct from 'replaced'`),
		check('property_studio_variations_status_check', sql`${t.status} in ('pending', 'completed', 'failed')`),
		check(
			'property_studio_variations_room_check_check',
			sql`${t.roomCheck} is null or ${t.roomCheck} in ('ok', 'check', 'unaligned')`,
		),
		check(
			'property_studio_variations_room_check_answer_check',
			sql`${t.roomCheckAnswer} is null or ${t.roomCheckAnswer} in ('kept', 'replaced')`,
		),
	],
)

export const propertyStudioUsageEvents = pgTable(
	'property_studio_usage_events',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// foreign key declared below with a short name (the default one passes 63 characters)
		projectId: uuid('project_id').notNull(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		eventType: text('event_type').notNull(),
		eventData: jsonb('event_data').$type<Record<string, unknown>>(),
		// pence
		billingAmount: integer('billing_amount'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		foreignKey({
			name: 'property_studio_usage_events_project_id_fk',
			columns: [t.projectId],
			foreignColumns: [propertyStudioProjects.id],
		}).onDelete('cascade'),
		index('property_studio_usage_events_project_id_idx').on(t.projectId),
		index('property_studio_usage_events_user_id_idx').on(t.userId),
		// why: the operations dashboard counts events of a type over a time range
		index('property_studio_usage_events_type_created_idx').on(t.eventType, t.createdAt),
	],
)

export const propertySessionCompletions = pgTable(
	'property_session_completions',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// why unique: a project is completed once; a retried completion becomes a no-op
		// (foreign key declared below with a short name)
		projectId: uuid('project_id').notNull().unique(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		// ids of property_studio_variations rows kept at completion
		selectedVariationIds: text('selected_variation_ids').array().notNull().default(sql`'{}'::text[]`),
		downloadConfirmedAt: timestamp('download_confirmed_at', { withTimezone: true }),
		cleanupCompletedAt: timestamp('cleanup_completed_at', { withTimezone: true }),
		hasBackupAssets: boolean('has_backup_assets').notNull().default(true),
		backupPath: text('backup_path'),
		backupAssetCount: integer('backup_asset_count').notNull().default(0),
		completedAt: timestamp('completed_at', { withTimezone: true }),
	},
	(t) => [
		foreignKey({
			name: 'property_session_completions_project_id_fk',
			columns: [t.projectId],
			foreignColumns: [propertyStudioProjects.id],
		}).onDelete('cascade'),
		index('property_session_completions_user_id_idx').on(t.userId),
	],
)

export type PropertyStudioProject = typeof propertyStudioProjects.$inferSelect
export type NewPropertyStudioProject = typeof propertyStudioProjects.$inferInsert
export type PropertyStudioRoom = typeof propertyStudioRooms.$inferSelect
export type NewPropertyStudioRoom = typeof propertyStudioRooms.$inferInsert
export type PropertyStudioVariation = typeof propertyStudioVariations.$inferSelect
export type NewPropertyStudioVariation = typeof propertyStudioVariations.$inferInsert
export type PropertyStudioUsageEvent = typeof propertyStudioUsageEvents.$inferSelect
export type NewPropertyStudioUsageEvent = typeof propertyStudioUsageEvents.$inferInsert
export type PropertySessionCompletion = typeof propertySessionCompletions.$inferSelect
export type NewPropertySessionCompletion = typeof propertySessionCompletions.$inferInsert

import { sql } from 'drizzle-orm'
import {
	bigint,
	boolean,
	check,
	foreignKey,
	index,
	integer,
	jsonb,
	pgTable,
	text,
	timestamp,
	unique,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from './studio.ts'

// One-time codes the dashboard hands out to link a Telegram account; only a hash is kept,
// so a database read does not yield codes that still work.
export const telegramLinkCodes = pgTable(
	'telegram_link_codes',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		codeHash: text('code_hash').notNull().unique(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		// why kept after use: a second /start with the same code says 'already used', not 'unknown'
		usedAt: timestamp('used_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('telegram_link_codes_user_id_idx').on(t.userId)],
)

// why both unique: one Telegram account acts for exactly one user, and a user links one account
export const telegramLinks = pgTable(
	'telegram_links',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.unique()
			.references(() => users.id, { onDelete: 'cascade' }),
		telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull().unique(),
		telegramUsername: text('telegram_username'),
		// the project /status and /favorites talk about: the last one the agent used in the bot
		// (foreign key declared below with a short name: the default one passes 63 characters)
		currentProjectId: uuid('current_project_id'),
		// what the bot waits for from this user's next text message (e.g. a report's description)
		conversation: jsonb('conversation').$type<Record<string, unknown>>(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		foreignKey({
			name: 'telegram_links_current_project_id_fk',
			columns: [t.currentProjectId],
			foreignColumns: [propertyStudioProjects.id],
		}).onDelete('set null'),
	],
)

// A batch of photos sent to the bot, from the first photo until 'Process'.
export const telegramIntakes = pgTable(
	'telegram_intakes',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull(),
		chatId: bigint('chat_id', { mode: 'number' }).notNull(),
		step: text('step').notNull().default('property'),
		projectId: uuid('project_id').references(() => propertyStudioProjects.id, {
			onDelete: 'cascade',
		}),
		styles: text('styles').array().notNull().default(sql`'{}'::text[]`),
		// the message the bot asked 'which property?' in, then the styles/status message it edits
		promptMessageId: integer('prompt_message_id'),
		statusMessageId: integer('status_message_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		submittedAt: timestamp('submitted_at', { withTimezone: true }),
	},
	(t) => [
		// why: an album arrives as several updates at once; only one open batch per Telegram user
		// may exist, so concurrent photos join it instead of each starting their own
		uniqueIndex('telegram_intakes_open_unique').on(t.telegramUserId).where(sql`${t.step} <> 'submitted'`),
		index('telegram_intakes_user_id_idx').on(t.userId),
		check('telegram_intakes_step_check', sql`${t.step} in ('property', 'address', 'details', 'submitted')`),
	],
)

export const telegramIntakePhotos = pgTable(
	'telegram_intake_photos',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		intakeId: uuid('intake_id')
			.notNull()
			.references(() => telegramIntakes.id, { onDelete: 'cascade' }),
		fileId: text('file_id').notNull(),
		fileUniqueId: text('file_unique_id').notNull(),
		fileName: text('file_name'),
		caption: text('caption'),
		// the agent's message holding the photo: the room-type question replies to it
		messageId: integer('message_id').notNull(),
		roomType: text('room_type').notNull(),
		hasFurniture: boolean('has_furniture').notNull().default(false),
		roomId: uuid('room_id').references(() => propertyStudioRooms.id, { onDelete: 'set null' }),
		// why: a photo refused at download (size, not an image) is reported, the others go on
		error: text('error'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		// why: Telegram may deliver an update twice; the same file joins a batch once
		unique('telegram_intake_photos_file_unique').on(t.intakeId, t.fileUniqueId),
		index('telegram_intake_photos_room_id_idx').on(t.roomId),
	],
)

// Variations already reported to the agent's chat (sent as photos, or as a failure), so the
// progress job never sends one twice.
export const telegramDeliveries = pgTable(
	'telegram_deliveries',
	{
		// (foreign key declared below with a short name: the default one passes 63 characters)
		variationId: uuid('variation_id').primaryKey(),
		intakeId: uuid('intake_id')
			.notNull()
			.references(() => telegramIntakes.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		foreignKey({
			name: 'telegram_deliveries_variation_id_fk',
			columns: [t.variationId],
			foreignColumns: [propertyStudioVariations.id],
		}).onDelete('cascade'),
		index('telegram_deliveries_intake_id_idx').on(t.intakeId),
	],
)

export type TelegramLink = typeof telegramLinks.$inferSelect
export type TelegramIntake = typeof telegramIntakes.$inferSelect
export type TelegramIntakePhoto = typeof telegramIntakePhotos.$inferSelect

import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	index,
	integer,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'

export const users = pgTable(
	'users',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// why not null: login is by username; agent registration has no username field, so the
		// service must fill one in (e.g. the e-mail address)
		username: text('username').notNull().unique(),
		// argon2id hash, never the password itself
		password: text('password').notNull(),
		email: text('email').notNull().unique(),
		firstName: text('first_name'),
		lastName: text('last_name'),
		role: text('role').notNull().default('user'),
		isPioneerAgent: boolean('is_pioneer_agent').notNull().default(false),
		pioneerPosition: integer('pioneer_position'),
		logoUrl: text('logo_url'),
		logoUploadedAt: timestamp('logo_uploaded_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		// why: 'Bob' and 'bob' are the same account; the plain unique constraints above stay as
		// ON CONFLICT targets
		uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
		uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
		// why: the first 5 agents are pioneers, each position handed out exactly once, even when
		// two registrations race
		uniqueIndex('users_pioneer_position_unique').on(t.pioneerPosition).where(sql`${t.pioneerPosition} is not null`),
		check('users_pioneer_position_range', sql`${t.pioneerPosition} is null or ${t.pioneerPosition} between 1 and 5`),
	],
)

export const agents = pgTable(
	'agents',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		companyName: text('company_name').notNull(),
		agentName: text('agent_name').notNull(),
		email: text('email').notNull().unique(),
		phone: text('phone'),
		website: text('website'),
		// Where the agency lists (core/disclosure/markets.ts): which listing rules Rendo names to it.
		// No check constraint, so adding a market is an entry in the registry and no migration; an
		// unknown code reads as the default. Existing agencies are UK, as Rendo's prices are in pounds.
		market: text('market').notNull().default('UK'),
		// why nullable: onboarding is public, a profile may exist before any account
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('agents_email_lower_unique').on(sql`lower(${t.email})`),
		// why unique: one profile per account; a second onboarding updates it, even when two race
		// (profiles with no account are nulls, which never collide)
		uniqueIndex('agents_user_id_unique').on(t.userId),
	],
)

export const brandAssets = pgTable(
	'brand_assets',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		agentId: uuid('agent_id')
			.notNull()
			.references(() => agents.id, { onDelete: 'cascade' }),
		logoUrl: text('logo_url'),
		primaryColor: text('primary_color').notNull().default('#000000'),
		secondaryColor: text('secondary_color').notNull().default('#ffffff'),
		accentColor: text('accent_color').notNull().default('#3b82f6'),
		fontFamily: text('font_family').notNull().default('Inter'),
		templateStyle: text('template_style').notNull().default('modern'),
		// "Virtually staged" burnt into the agency's staged photos and printed on its brochures: on
		// unless the agency turns it off (listing rules expect it; see the README's design notes).
		disclosureLabel: boolean('disclosure_label').notNull().default(true),
		// The agency's own words for the label's first line ("Digitally altered image"); null: the
		// default per alteration (core/disclosure/alteration.ts)
		disclosureText: text('disclosure_text'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	// why unique: one brand per agent profile, updated in place by a second onboarding
	(t) => [uniqueIndex('brand_assets_agent_id_unique').on(t.agentId)],
)

// Platform: the session cookie holds only this id, so "log out everywhere" is a delete.
export const sessions = pgTable(
	'sessions',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('sessions_user_id_idx').on(t.userId),
		// why: clean-up deletes expired rows
		index('sessions_expires_at_idx').on(t.expiresAt),
	],
)

// Platform: fixed-window login limiter shared by every web process (no state in a process).
// Upsert on (key, window_start) and increment count.
export const rateLimitHits = pgTable(
	'rate_limit_hits',
	{
		key: text('key').notNull(),
		windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
		count: integer('count').notNull().default(0),
	},
	(t) => [
		primaryKey({ name: 'rate_limit_hits_pk', columns: [t.key, t.windowStart] }),
		// why: clean-up deletes old windows
		index('rate_limit_hits_window_start_idx').on(t.windowStart),
	],
)

// Personal access tokens for the JSON API (core/accounts/access-tokens.ts). Only the SHA-256 of
// the secret is kept: the secret is 256 random bits, so a fast hash is as safe as a slow one and
// lets each API request find its token by an indexed equality. Revoked rows stay, so a revoked
// token is told apart from a wrong one.
export const accessTokens = pgTable(
	'access_tokens',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		scope: text('scope').notNull(),
		tokenHash: text('token_hash').notNull().unique(),
		expiresAt: timestamp('expires_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
		lastUsedAddress: text('last_used_address'),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
	},
	(t) => [
		index('access_tokens_user_id_idx').on(t.userId),
		check('access_tokens_scope', sql`${t.scope} in ('read', 'write', 'staff')`),
	],
)

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
export type Agent = typeof agents.$inferSelect
export type NewAgent = typeof agents.$inferInsert
export type BrandAsset = typeof brandAssets.$inferSelect
export type NewBrandAsset = typeof brandAssets.$inferInsert
export type Session = typeof sessions.$inferSelect
export type NewSession = typeof sessions.$inferInsert
export type RateLimitHit = typeof rateLimitHits.$inferSelect
export type NewRateLimitHit = typeof rateLimitHits.$inferInsert
export type AccessToken = typeof accessTokens.$inferSelect

import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * One row per request to a staging provider: a room's style and generation in the studio, a free
 * trial, a quick-transform area or a brochure room (`purpose` and `subject` say which). The row is
 * the pipeline's memory across crashes: the provider's render id is committed here before
 * anything waits on it, and the vendor's images are stored (`received`) before they are fitted
 * and handed to the purpose (`delivered`), so no retry ever pays a vendor twice for one answer.
 */
export const stagingRenders = pgTable(
	'staging_renders',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// studio | trial | transformation | brochure
		purpose: text('purpose').notNull(),
		// the purpose's own ids (e.g. roomId, style, generation), handed back on delivery
		subject: jsonb('subject').notNull(),
		// why: one request per unit of work, so asking twice (a retried job, a double click) is a no-op
		subjectKey: text('subject_key').notNull().unique(),
		originalKey: text('original_key').notNull(),
		roomType: text('room_type').notNull(),
		// null empties the room (furniture removal only), or edits the photo
		style: text('style'),
		// a photo edit instead of staging: twilight | enhance (null stages or empties)
		edit: text('edit'),
		// an item removal or a renovation instead of staging (style null): what to change, in words
		// (the objects' ids and names with their boxes, or each surface and what it becomes), and the
		// area as a PNG at the photo's size, white where the edit goes (a storage key); null otherwise
		scope: jsonb('scope').$type<{
			kind: 'remove' | 'renovate'
			objects: string[]
			items: Array<{ name: string; box: { x: number; y: number; width: number; height: number } }>
			surfaces: Array<{ name: string; becomes: string }>
		}>(),
		scopeMaskKey: text('scope_mask_key'),
		// another view of the room, already staged, to match (a storage key, fixed when the request is made)
		referenceKey: text('reference_key'),
		// said to the purpose with the images, e.g. why a view was staged on its own
		note: text('note'),
		removeFurniture: boolean('remove_furniture').notNull().default(false),
		count: integer('count').notNull(),
		firstIndex: integer('first_index').notNull().default(0),
		// a remodel: more variations of this earlier request's provider render
		continuesId: uuid('continues_id'),
		// a second opinion: this request asks again for the images of that one the room check could
		// not pass (core/staging/second-opinion.ts); that one waits, 'rechecking', for its answer
		secondOpinionOf: uuid('second_opinion_of'),
		priority: integer('priority').notNull().default(0),
		provider: text('provider').notNull(),
		model: text('model'),
		// queued → submitting → submitted (deferred vendors) → received → delivered, or failed;
		// received → rechecking (waits for its second opinion) → delivered
		state: text('state').notNull().default('queued'),
		providerRenderId: text('provider_render_id'),
		// the vendor's ids of the images that are this request's, in order
		providerImageIds: text('provider_image_ids').array().notNull().default(sql`'{}'::text[]`),
		// why: what the vendor can tell apart of this request (its base render and look); at most one
		// request of a key is "submitting" per provider, so a lost answer is always adopted unambiguously
		submitKey: text('submit_key'),
		// a remodel's base render had these variations before ours was asked for
		knownBefore: text('known_before').array().notNull().default(sql`'{}'::text[]`),
		receivedCount: integer('received_count').notNull().default(0),
		costUsdMicros: bigint('cost_usd_micros', { mode: 'number' }),
		// how often the vendor said "not now" (429): waited out, never a failure
		busyCount: integer('busy_count').notNull().default(0),
		errorMessage: text('error_message'),
		submitStartedAt: timestamp('submit_started_at', { withTimezone: true }),
		submittedAt: timestamp('submitted_at', { withTimezone: true }),
		receivedAt: timestamp('received_at', { withTimezone: true }),
		finishedAt: timestamp('finished_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		// why: the in-flight count per provider (its concurrency cap) and the dashboard's month
		index('staging_renders_provider_state_idx').on(t.provider, t.state),
		index('staging_renders_created_at_idx').on(t.createdAt),
		// why: a webhook names the vendor's render id
		index('staging_renders_provider_render_id_idx').on(t.providerRenderId),
		// why: a request waiting for its submit key is woken when the key frees
		index('staging_renders_provider_submit_key_idx').on(t.provider, t.submitKey),
	],
)

export type StagingRender = typeof stagingRenders.$inferSelect

/**
 * Live graphile-worker pools, one heartbeat each. A job locked by a pool with no recent heartbeat
 * belongs to a dead process and is unlocked (core/platform/job-recovery.ts), instead of waiting
 * graphile-worker's four hours.
 */
export const jobPoolHeartbeats = pgTable('job_pool_heartbeats', {
	poolId: text('pool_id').primaryKey(),
	seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
})

import { and, eq, inArray } from 'drizzle-orm'
import { stagingRenders, type StagingRender } from '#db/schema/staging.ts'
import type { RequestScope } from '#core/edits/scope-words.ts'
import type { PhotoEdit, RoomType, Style } from '#core/render/provider.ts'
import { config } from '#core/platform/config.ts'
import type { Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'

export const STAGE_TASK = 'stage_render'
/** Fitting, checking and handing over a received answer: CPU work, run in the CPU pool (deliver_render). */
export const DELIVER_TASK = 'deliver_render'
/** Passing faults (a 5xx, a timeout) get a few tries with graphile's backoff; a 429 never counts. */
export const STAGE_MAX_ATTEMPTS = 5

export const PURPOSES = ['studio', 'trial', 'transformation', 'brochure'] as const
export type Purpose = (typeof PURPOSES)[number]

/** A bulk import's renders: nobody is watching any one of them, so they go after everything else. */
export const BULK_PRIORITY = 2

export interface StagingSpec {
	purpose: Purpose
	/** The purpose's own ids, handed back on delivery. */
	subject: Record<string, unknown>
	/** One request per unit of work: asking again with the same key does nothing. */
	subjectKey: string
	/** Storage key of the upright original. */
	originalKey: string
	roomType: RoomType
	/** null empties the room. */
	style: Style | null
	/** A photo edit instead of staging. */
	edit?: PhotoEdit | null
	/** An item removal or renovation instead of staging (style null): its words, and its mask's storage key. */
	scope?: { words: RequestScope; maskKey: string }
	/** Storage key of another view of the room, already staged, to match (providers that stage views together). */
	referenceKey?: string
	/** Handed back to the purpose with the images (e.g. why a view was staged on its own). */
	note?: string
	removeFurniture: boolean
	count: number
	firstIndex?: number
	/** graphile-worker priority: 0 what someone waits for, 1 remodels, BULK_PRIORITY bulk imports. */
	priority?: number
	/** The subject key of an earlier request whose vendor render this one adds variations to (a remodel). */
	continuesKey?: string
	/** The request whose unpassed images this one asks for again (core/staging/second-opinion.ts). */
	secondOpinionOf?: string
	/**
	 * Ask again when an earlier request with this key has ended (failed, or delivered with some of
	 * its images missing): a regenerate, a room processed again. Without it, asking again does nothing.
	 */
	renew?: boolean
}

/**
 * Asks for staged images, inside the caller's transaction: one staging_renders row (unique per
 * subject key) and its job, so they exist only with the rows they belong to. The purpose hears
 * back through core/staging/purposes.ts.
 */
export async function requestStaging(tx: Tx, spec: StagingSpec): Promise<StagingRender | undefined> {
	const continues = spec.continuesKey
		? (
				await tx
					.select({ id: stagingRenders.id })
					.from(stagingRenders)
					.where(eq(stagingRenders.subjectKey, spec.continuesKey))
			)[0]
		: undefined
	if (spec.renew)
		await tx
			.delete(stagingRenders)
			.where(
				and(eq(stagingRenders.subjectKey, spec.subjectKey), inArray(stagingRenders.state, ['failed', 'delivered'])),
			)
	const [row] = await tx
		.insert(stagingRenders)
		.values({
			purpose: spec.purpose,
			subject: spec.subject,
			subjectKey: spec.subjectKey,
			originalKey: spec.originalKey,
			roomType: spec.roomType,
			style: spec.style,
			edit: spec.edit ?? null,
			scope: spec.scope?.words,
			scopeMaskKey: spec.scope?.maskKey,
			referenceKey: spec.referenceKey,
			note: spec.note,
			removeFurniture: spec.removeFurniture,
			count: spec.count,
			firstIndex: spec.firstIndex ?? 0,
			priority: spec.priority ?? 0,
			continuesId: continues?.id,
			secondOpinionOf: spec.secondOpinionOf,
			provider: config().render.provider,
		})
		.onConflictDoNothing()
		.returning()
	if (row) await queueStep(tx, row)
	return row
}

/**
 * A received answer's delivery, queued in the transaction that records it received: the vendor's
 * slots and the pool that waits on it are free again at once, while the CPU pool fits the images.
 */
export async function queueDelivery(tx: Tx, row: Pick<StagingRender, 'id' | 'priority'>) {
	await addJob(
		tx,
		DELIVER_TASK,
		{ stagingId: row.id },
		{ jobKey: `deliver:${row.id}`, priority: row.priority, maxAttempts: STAGE_MAX_ATTEMPTS },
	)
}

/** The row's next step, now or at `runAt`; keyed per row, so it never has two waiting jobs. */
export async function queueStep(tx: Tx, row: Pick<StagingRender, 'id' | 'priority'>, runAt?: Date) {
	await addJob(
		tx,
		STAGE_TASK,
		{ stagingId: row.id },
		{ jobKey: `stage:${row.id}`, priority: row.priority, maxAttempts: STAGE_MAX_ATTEMPTS, runAt },
	)
}

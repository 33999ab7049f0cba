import { and, eq, lt, sql } from 'drizzle-orm'
import { rateLimitHits } from '#db/schema/accounts.ts'
import { RateLimitError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'

export interface Window {
	start: Date
	/** Seconds until the window ends, for Retry-After. */
	secondsLeft: number
}

/** Fixed windows aligned to the epoch, so every web process agrees on the current one. */
export function currentWindow(windowMs: number, now = Date.now()): Window {
	const start = Math.floor(now / windowMs) * windowMs
	return { start: new Date(start), secondsLeft: Math.ceil((start + windowMs - now) / 1000) }
}

/** Counts one hit for the key in this window and returns the new count; one round trip. */
export async function hit(key: string, window: Window): Promise<number> {
	const [row] = await db
		.insert(rateLimitHits)
		.values({ key, windowStart: window.start, count: 1 })
		.onConflictDoUpdate({
			target: [rateLimitHits.key, rateLimitHits.windowStart],
			set: { count: sql`${rateLimitHits.count} + 1` },
		})
		.returning({ count: rateLimitHits.count })
	return row.count
}

export async function forget(key: string, window: Window) {
	await db.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, window.start)))
}

export const PRUNE_RATE_LIMITS_TASK = 'prune_rate_limits'
// Longer than any window we count in (the longest is an hour), so no live count is cut short.
const KEEP_WINDOWS_MS = 24 * 60 * 60_000

/** The hourly cron job: windows that ended long ago go, so rate_limit_hits stays small. */
export async function pruneRateLimits(now = new Date()) {
	const removed = await db
		.delete(rateLimitHits)
		.where(lt(rateLimitHits.windowStart, new Date(now.getTime() - KEEP_WINDOWS_MS)))
		.returning({ key: rateLimitHits.key })
	return removed.length
}

const HOUR = 60 * 60_000

/**
 * Counts one use of something an account does (a remodel, a transformation, a brochure sent) in
 * the current hour; past `perHour` it is a RateLimitError. The limits sit far above what anyone
 * clicking gets to and well below what a script runs up.
 */
export async function countHourlyUse(key: string, perHour: number, what: string) {
	const window = currentWindow(HOUR)
	if ((await hit(key, window)) > perHour)
		throw new RateLimitError(`Too many ${what} in the last hour. Please try again later.`, window.secondsLeft)
}

import type { Task } from 'graphile-worker'
import { pruneRateLimits } from '#core/accounts/rate-limit.ts'

/** The hourly cron run: its payload (graphile's { _cron }) carries nothing we need. */
export const pruneRateLimitsTask: Task = async () => {
	await pruneRateLimits()
}

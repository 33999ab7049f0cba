import { parseCronItems, type CronItem } from 'graphile-worker'
import { PRUNE_RATE_LIMITS_TASK } from '#core/accounts/rate-limit.ts'
import { ROLLUP_TASK } from '#core/ops/monthly-rollup.ts'

/** Recurring jobs, declared in code. Each needs its task in worker/tasks.ts. */
const cronItems: CronItem[] = [
	// the month that just ended, early on the 1st; a worker that was down catches up within 3 days
	{ task: ROLLUP_TASK, match: '30 0 1 * *', identifier: ROLLUP_TASK, options: { backfillPeriod: 3 * 24 * 3600_000 } },
	// ended rate-limit windows, every hour
	{ task: PRUNE_RATE_LIMITS_TASK, match: '17 * * * *', identifier: PRUNE_RATE_LIMITS_TASK },
]

export const parsedCronItems = parseCronItems(cronItems)

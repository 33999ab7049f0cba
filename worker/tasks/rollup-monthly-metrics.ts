import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { previousMonth, rollUpMonth } from '#core/ops/monthly-rollup.ts'

// A cron run carries graphile's { _cron: { ts } }; a manual run may name the month.
const RollupJob = z.union([
	z.object({ year: z.number().int().min(2000), month: z.number().int().min(1).max(12) }),
	z.object({ _cron: z.object({ ts: z.string() }) }).transform((p) => previousMonth(new Date(p._cron.ts))),
])

export const rollupMonthlyMetrics: Task = async (payload) => {
	const { year, month } = RollupJob.parse(payload)
	await rollUpMonth(year, month)
}

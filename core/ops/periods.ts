const DAY_MS = 86_400_000

/** The windows the dashboard counts over, all in UTC so every process agrees on them. */
export function periodsAt(now: Date) {
	const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
	const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
	const nextMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
	const previousMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
	return {
		now,
		dayStart,
		last24h: new Date(now.getTime() - DAY_MS),
		// 'this week' is the last 7 days, compared with the 7 before
		weekStart: new Date(now.getTime() - 7 * DAY_MS),
		previousWeekStart: new Date(now.getTime() - 14 * DAY_MS),
		monthStart,
		nextMonthStart,
		previousMonthStart,
		daysElapsedInMonth: Math.max(1, (now.getTime() - monthStart.getTime()) / DAY_MS),
		daysInMonth: Math.round((nextMonthStart.getTime() - monthStart.getTime()) / DAY_MS),
		daysUntilMonthEnd: Math.ceil((nextMonthStart.getTime() - now.getTime()) / DAY_MS),
	}
}
export type Periods = ReturnType<typeof periodsAt>

/** The calendar month [start, end) of a year and month (1-12). */
export function monthRange(year: number, month: number) {
	return { start: new Date(Date.UTC(year, month - 1, 1)), end: new Date(Date.UTC(year, month, 1)) }
}

/** 12.345 → 12.3; a share of nothing is 0. */
export function percent(part: number, whole: number) {
	return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0
}

/** The change from `before` to `now` in percent; from zero, any growth counts as 100%. */
export function changePercent(now: number, before: number) {
	if (before === 0) return now > 0 ? 100 : 0
	return Math.round(((now - before) / before) * 1000) / 10
}

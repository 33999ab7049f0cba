import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { sessions } from '#db/schema/accounts.ts'
import {
	agentBillingCycles,
	agentInvoiceLineItems,
	agentPerformanceMetrics,
	businessMetrics,
} from '#db/schema/billing.ts'
import { renderCalls } from '#db/schema/ops.ts'
import { stagingRenders } from '#db/schema/staging.ts'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { ForbiddenError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { analyseCapacity, capacityAutomation } from './capacity.ts'
import { opsDashboard } from './dashboard.ts'
import { previousMonth, rollUpMonth } from './monthly-rollup.ts'
import { vendorUnavailable } from './staging-provider-health.ts'
import { periodsAt } from './periods.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

let ceoUser: ReturnType<typeof insertUser> | undefined
const theCeo = () => (ceoUser ??= insertUser({ email: 'ceo@rendo.test', role: 'admin' }))

async function session(userId: string, createdAt: Date) {
	await db.insert(sessions).values({ userId, createdAt, expiresAt: new Date(createdAt.getTime() + 30 * DAY) })
}

let cycles = 0

async function completedProject(userId: string, completedAt: Date | null, amount: number | null) {
	const [project] = await db
		.insert(propertyStudioProjects)
		.values({
			userId,
			propertyAddress: `${randomUUID().slice(0, 4)} Mill Lane`,
			status: completedAt ? 'completed' : 'active',
			completedAt,
			createdAt: new Date(Date.now() - 40 * DAY),
		})
		.returning()
	if (amount !== null) {
		const [cycle] = await db
			.insert(agentBillingCycles)
			.values({
				userId,
				billingPeriodStart: new Date(completedAt!.getTime() - HOUR - ++cycles * 1000),
				billingPeriodEnd: completedAt!,
				invoiceNumber: `INV-${randomUUID()}`,
			})
			.returning()
		await db.insert(agentInvoiceLineItems).values({
			billingCycleId: cycle.id,
			projectId: project.id,
			propertyAddress: project.propertyAddress,
			itemDescription: 'Property Styling Service',
			unitPrice: amount,
			totalAmount: amount,
			completedAt,
		})
	}
	return project
}

test('agents are refused the operations figures; the CEO and admins get them', async () => {
	const agent = actorFor(await insertUser())
	await expect(opsDashboard(agent)).rejects.toBeInstanceOf(ForbiddenError)
	await expect(capacityAutomation(agent)).rejects.toBeInstanceOf(ForbiddenError)
	expect((await opsDashboard(actorFor(await theCeo()))).healthCheck).toBeDefined()
	expect((await capacityAutomation(actorFor(await insertUser({ role: 'admin' })))).analysis.currentLimit).toBe(150)
})

test('the figures equal hand-computed values on a seeded data set', async () => {
	const now = new Date()
	const p = periodsAt(now)
	const ceoRow = await theCeo()
	const ceo = actorFor(ceoRow)
	const [a, b, c, d] = await Promise.all([insertUser(), insertUser(), insertUser(), insertUser()])
	const admin = await insertUser({ role: 'admin' })

	// weekly active users: a, b and c this week (admin and CEO never count); a and d the week before
	await session(a.id, new Date(now.getTime() - DAY))
	await session(a.id, new Date(now.getTime() - 9 * DAY))
	await session(d.id, new Date(now.getTime() - 10 * DAY))
	await session(admin.id, new Date(now.getTime() - HOUR))
	await session(ceoRow.id, new Date(now.getTime() - HOUR))
	const [project] = await db
		.insert(propertyStudioProjects)
		.values({ userId: b.id, propertyAddress: '1 New Road' })
		.returning()
	const [cProject] = await db
		.insert(propertyStudioProjects)
		.values({ userId: c.id, propertyAddress: '2 Old Road', createdAt: new Date(now.getTime() - 30 * DAY) })
		.returning()
	const [room] = await db
		.insert(propertyStudioRooms)
		.values({
			projectId: cProject.id,
			roomType: 'kitchen',
			originalImageUrl: 'rooms/c/original.jpg',
			createdAt: new Date(now.getTime() - 2 * HOUR),
		})
		.returning()
	await db.insert(propertyStudioVariations).values([
		{ roomId: room.id, style: 'modern', status: 'completed', isFavorite: true },
		{ roomId: room.id, style: 'modern', status: 'completed', variationIndex: 1 },
	])
	expect(project).toBeDefined()

	// revenue: three completions this month (two invoiced, one paid by card at £99), one last month
	const thisMonth = new Date(Math.max(p.monthStart.getTime(), now.getTime() - HOUR))
	await completedProject(a.id, thisMonth, 9900)
	await completedProject(a.id, thisMonth, 4950)
	await completedProject(a.id, thisMonth, null)
	await completedProject(a.id, new Date(p.monthStart.getTime() - DAY), 9900)
	await completedProject(a.id, null, null)

	// renders: today 3 ok and 1 failed (100-400 ms); 30 hours ago 2 ok (outside the last 24h)
	const today = new Date(Math.max(p.dayStart.getTime(), now.getTime() - 60_000))
	await db.insert(renderCalls).values([
		{ provider: 'http', ok: true, durationMs: 100, createdAt: today },
		{ provider: 'http', ok: true, durationMs: 200, createdAt: today },
		{ provider: 'http', ok: true, durationMs: 300, createdAt: today },
		{ provider: 'http', ok: false, durationMs: 400, errorMessage: 'timeout', createdAt: today },
		{ provider: 'http', ok: true, durationMs: 999, createdAt: new Date(now.getTime() - 30 * HOUR) },
		{ provider: 'http', ok: true, durationMs: 999, createdAt: new Date(now.getTime() - 30 * HOUR) },
	])
	const rendersThisMonth = 3 + (now.getTime() - 30 * HOUR >= p.monthStart.getTime() ? 2 : 0)

	const dashboard = await opsDashboard(ceo)
	expect(dashboard.healthCheck).toEqual({
		activeCustomers: 3,
		imagesProcessedToday: 3,
		monthlyRevenue: 9900 + 4950 + 9900,
		apiQuotaUsed: Math.round((rendersThisMonth / 150) * 1000) / 10,
	})
	expect(dashboard.customerActivity).toEqual({
		weeklyActiveUsers: 3,
		weeklyActiveUsersChange: 50,
		imagesUploadedThisWeek: 1,
		imagesHeartedThisWeek: 1,
		finalDownloadsThisWeek: 0,
	})
	expect(dashboard.systemHealth).toMatchObject({
		apiSuccessRate: 75,
		avgApiResponseTime: 250,
		failedRequestsLast24h: 1,
	})
	expect(dashboard.moneyMetrics.revenue).toBe(9900 + 4950 + 9900 + 9900)
	expect(dashboard.moneyMetrics.breakEvenAnalysis).toMatchObject({
		propertiesCompleted: 4,
		totalBuildCost: 1_500_000,
		breakEvenProperties: 152,
	})
	expect(dashboard.financialMetrics.monthlyCosts).toEqual({ fixed: 150 * 39, variable: 3 * 80 })
	expect(dashboard.financialMetrics.revenuePerAgent).toBe(24750)
	expect(dashboard.agentUsage[0]).toMatchObject({ email: a.email, properties: 4, totalRevenue: 34650 })
	expect(dashboard.agentUsage.map((u) => u.email)).not.toContain(admin.email)
	expect(dashboard.milestones.target5K).toMatchObject({
		target: 500_000,
		propertiesPerMonth: 51,
		agents: 13,
		progress: 5,
	})
	expect(dashboard.alerts.some((alert) => alert.type === 'error' && alert.message.includes('75%'))).toBe(true)
})

test('capacity: utilisation, days left, urgency and the recommended tier', () => {
	const month = { daysElapsedInMonth: 10, daysInMonth: 30 }
	expect(analyseCapacity(0, 150, month)).toMatchObject({
		utilizationPercent: 0,
		daysUntilCapacityExhausted: null,
		urgencyLevel: 'low',
		automatedUpgradeRecommended: false,
	})
	// 12 a day: 30 left last 2 days
	expect(analyseCapacity(120, 150, month)).toMatchObject({
		utilizationPercent: 80,
		daysUntilCapacityExhausted: 2,
		urgencyLevel: 'critical',
		recommendedTier: { name: 'Growth 1000', limit: 1000, monthlyGbpCost: 33000 },
		automatedUpgradeRecommended: true,
	})
	expect(analyseCapacity(40, 150, month)).toMatchObject({ daysUntilCapacityExhausted: 27, urgencyLevel: 'low' })
})

test('the monthly roll-up writes business, usage and performance rows, and a re-run replaces them', async () => {
	expect(previousMonth(new Date('2026-01-01T00:30:00Z'))).toEqual({ year: 2025, month: 12 })
	const user = await insertUser()
	// a month no other test seeds
	const last = { year: 2020, month: 2 }
	const inLastMonth = new Date(Date.UTC(last.year, last.month - 1, 15))
	await completedProject(user.id, inLastMonth, 9900)
	await db.insert(renderCalls).values({ provider: 'local-preview', ok: true, durationMs: 50, createdAt: inLastMonth })

	await rollUpMonth(last.year, last.month)
	await rollUpMonth(last.year, last.month)
	const rows = await db.select().from(businessMetrics).where(eq(businessMetrics.month, last.month))
	expect(rows).toHaveLength(1)
	expect(rows[0]).toMatchObject({ year: last.year, totalMRR: 9900, totalImagesProcessed: 1, apiTierUsed: '150' })
	const perf = await db.select().from(agentPerformanceMetrics).where(eq(agentPerformanceMetrics.userId, user.id))
	expect(perf).toHaveLength(1)
	expect(perf[0]).toMatchObject({ metricPeriod: 'monthly', totalPropertiesProcessed: 1, totalRevenue: 9900 })
})

test('the staging panel names the provider, its reachability, and this month per provider with reported cost', async () => {
	const ceo = actorFor(await theCeo())
	const now = new Date()
	const request = (provider: string, state: string, extra: Partial<typeof stagingRenders.$inferInsert> = {}) => ({
		purpose: 'studio',
		subject: {},
		subjectKey: randomUUID(),
		originalKey: 'k',
		roomType: 'living',
		style: 'modern',
		count: 3,
		provider,
		state,
		...extra,
	})
	const box = { x: 0.8, y: 0.2, width: 0.1, height: 0.4 }
	await db.insert(stagingRenders).values([
		request('virtual-staging-ai', 'delivered', { receivedCount: 3, busyCount: 2 }),
		request('virtual-staging-ai', 'failed'),
		request('openai', 'delivered', { receivedCount: 3, costUsdMicros: 250_000 }),
		request('openai', 'delivered', { receivedCount: 1, costUsdMicros: 90_000 }),
		request('openai', 'delivered', { receivedCount: 3, costUsdMicros: 180_000, referenceKey: 'variations/first.jpg' }),
		request('openai', 'delivered', { receivedCount: 3, costUsdMicros: 120_000, style: null, edit: 'twilight' }),
		request('openai', 'failed', { style: null, edit: 'enhance' }),
		request('virtual-staging-ai', 'delivered', { receivedCount: 2, style: null }),
		// An item removal and a renovation: no style, their scope in words (as editRoom asks them).
		request('openai', 'delivered', {
			receivedCount: 1,
			costUsdMicros: 40_000,
			count: 1,
			style: null,
			scope: { kind: 'remove', objects: ['lamp'], items: [{ name: 'lamp', box }], surfaces: [] },
			scopeMaskKey: 'rooms/r/edits/lamp.png',
		}),
		request('openai', 'delivered', {
			receivedCount: 1,
			costUsdMicros: 40_000,
			count: 1,
			style: null,
			scope: { kind: 'renovate', objects: [], items: [], surfaces: [{ name: 'walls', becomes: '#a3b18a' }] },
			scopeMaskKey: 'rooms/r/edits/walls.png',
		}),
		request('openai', 'failed', {
			count: 1,
			style: null,
			scope: { kind: 'renovate', objects: [], items: [], surfaces: [{ name: 'floor', becomes: 'oak' }] },
			scopeMaskKey: 'rooms/r/edits/floor.png',
		}),
		// last month's: not counted
		request('openai', 'delivered', {
			receivedCount: 3,
			costUsdMicros: 999_000,
			createdAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 2)),
		}),
	])

	const { staging } = await opsDashboard(ceo, now)
	expect(staging).toMatchObject({
		provider: 'local',
		isPreview: true,
		reachable: true,
		credits: null,
		editCredits: null,
	})
	// Per provider and kind: staging, views staged to match another, emptying, each photo edit, item
	// removal and renovation counted apart.
	const row = (provider: string, label: string, kind: string, kindLabel: string, figures: object) => ({
		provider,
		label,
		kind,
		kindLabel,
		rateLimitWaits: 0,
		...figures,
	})
	expect(staging.thisMonth).toEqual([
		row('openai', 'OpenAI', 'staging', 'Staging', { renders: 2, images: 4, failed: 0, costUsdMicros: 340_000 }),
		row('openai', 'OpenAI', 'multi-view', 'Multi-view', {
			renders: 1,
			images: 3,
			failed: 0,
			costUsdMicros: 180_000,
		}),
		row('openai', 'OpenAI', 'twilight', 'Twilight', { renders: 1, images: 3, failed: 0, costUsdMicros: 120_000 }),
		row('openai', 'OpenAI', 'enhance', 'Enhance', { renders: 0, images: 0, failed: 1, costUsdMicros: null }),
		row('openai', 'OpenAI', 'remove', 'Items removed', { renders: 1, images: 1, failed: 0, costUsdMicros: 40_000 }),
		row('openai', 'OpenAI', 'renovate', 'Renovated', { renders: 1, images: 1, failed: 1, costUsdMicros: 40_000 }),
		row('virtual-staging-ai', 'Virtual Staging AI', 'staging', 'Staging', {
			renders: 1,
			images: 3,
			failed: 1,
			costUsdMicros: null,
			rateLimitWaits: 2,
		}),
		row('virtual-staging-ai', 'Virtual Staging AI', 'empty', 'Empty room', {
			renders: 1,
			images: 2,
			failed: 0,
			costUsdMicros: null,
		}),
	])
})

test('while the vendor is unavailable (its calls failing, none answered since), the staging panel and an alert say since when', async () => {
	const ceo = actorFor(await theCeo())
	const ago = (s: number) => new Date(Date.now() - s * 1000)
	const [answered, first, , last] = [ago(120), ago(90), ago(60), ago(30)]
	const unavailable = (createdAt: Date) => ({
		provider: 'local',
		ok: false,
		durationMs: 30_000,
		errorMessage: vendorUnavailable(new Error('Virtual Staging AI failed GET /renders: 503 Service unavailable'))
			.message,
		createdAt,
	})
	await db.insert(renderCalls).values([
		{ provider: 'local', ok: true, durationMs: 900, createdAt: answered },
		unavailable(first),
		unavailable(ago(60)),
		unavailable(last),
		// A refusal is an answer of the vendor's, not a sign it is down: not counted.
		{ provider: 'local', ok: false, durationMs: 80, errorMessage: 'refused: 400', createdAt: ago(20) },
	])
	const down = await opsDashboard(ceo)
	expect(down.staging.outage).toEqual({
		since: first.toISOString(),
		lastFailure: last.toISOString(),
		failedCalls: 3,
	})
	const time = (at: Date) => `${at.toISOString().slice(11, 19)} UTC`
	expect(down.alerts).toContainEqual(
		expect.objectContaining({ type: 'error', message: expect.stringContaining(`unavailable since ${time(first)}`) }),
	)

	await db.insert(renderCalls).values({ provider: 'local', ok: true, durationMs: 700, createdAt: ago(1) })
	const back = await opsDashboard(ceo)
	expect(back.staging.outage).toBeNull()
	expect(back.alerts.some((alert) => alert.message.includes('unavailable since'))).toBe(false)
})

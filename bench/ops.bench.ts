/**
 * The staff dashboards' server time on a busy month's data: the operations dashboard runs about
 * twenty aggregate queries per call and is polled every 30 s by every open tab, so its latency
 * on realistic volumes matters. Seeds, straight into the real server's embedded database:
 * 300 customers, 3,000 projects (a third completed over two months, half of those invoiced),
 * 3,000 rooms, 9,000 variations, 30,000 render calls over 30 days, 6,000 sessions, 2,000 tickets.
 * Then, signed in as an admin: each endpoint one request at a time (median, p95), and the
 * dashboard under 5 concurrent clients for 10 s.
 */
import { randomUUID } from 'node:crypto'
import autocannon from 'autocannon'
import { startAppServer } from './app-server.ts'
import { cookieHeader } from '#tests/request.ts'

const port = 3400 + Math.floor(Math.random() * 500) * 2
const server = await startAppServer({ port })
process.env.DATA_DIR = server.dataDir
process.env.EMBEDDED_PG_PORT = String(port + 1)

const report = (name: string, value: string, target = '') =>
	console.log(`${name}: ${value}${target ? `  (${target})` : ''}`)
const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const DAY = 86_400_000
const ago = (ms: number) => new Date(Date.now() - ms)
const pick = <T>(list: T[], i: number) => list[i % list.length]

async function insertChunks<T>(insert: (rows: T[]) => Promise<unknown>, rows: T[]) {
	for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000))
}

try {
	const { startDatabase } = await import('#core/platform/start-database.ts')
	const database = await startDatabase()
	const { db, closeDb } = await import('#core/platform/db.ts')
	const s = await import('#db/schema/index.ts')
	const { hashPassword } = await import('#core/accounts/passwords.ts')

	const started = performance.now()
	const password = await hashPassword('bench-password')
	const adminEmail = `admin.${randomUUID().slice(0, 6)}@bench.example`
	await db.insert(s.users).values({ username: adminEmail, email: adminEmail, password, role: 'admin' })
	const users = await db
		.insert(s.users)
		.values(
			Array.from({ length: 300 }, (_, i) => ({
				username: `agent${i}`,
				email: `agent${i}@bench.example`,
				password,
				createdAt: ago((i % 180) * DAY),
			})),
		)
		.returning({ id: s.users.id })
	const projects = await db
		.insert(s.propertyStudioProjects)
		.values(
			Array.from({ length: 3000 }, (_, i) => ({
				userId: pick(users, i).id,
				propertyAddress: `${i} Bench Road`,
				status: i % 3 === 0 ? 'completed' : 'active',
				createdAt: ago(((i % 60) + 1) * DAY),
				completedAt: i % 3 === 0 ? ago((i % 60) * DAY) : null,
			})),
		)
		.returning({
			id: s.propertyStudioProjects.id,
			userId: s.propertyStudioProjects.userId,
			completedAt: s.propertyStudioProjects.completedAt,
		})
	const rooms = await db
		.insert(s.propertyStudioRooms)
		.values(
			projects.map((p, i) => ({
				projectId: p.id,
				roomType: 'kitchen',
				originalImageUrl: `rooms/${i}/original.jpg`,
				createdAt: ago((i % 30) * DAY),
			})),
		)
		.returning({ id: s.propertyStudioRooms.id })
	await insertChunks(
		(rows) => db.insert(s.propertyStudioVariations).values(rows),
		rooms.flatMap((r, i) =>
			[0, 1, 2].map((variationIndex) => ({
				roomId: r.id,
				style: 'modern',
				variationIndex,
				status: 'completed',
				isFavorite: variationIndex === 0,
				createdAt: ago((i % 30) * DAY),
			})),
		),
	)
	const invoiced = projects.filter((p, i) => p.completedAt && i % 2 === 0)
	const cycles = await db
		.insert(s.agentBillingCycles)
		.values(
			invoiced.map((p, i) => ({
				userId: p.userId,
				billingPeriodStart: new Date(Date.UTC(2020, 0, 1) + i * 1000),
				billingPeriodEnd: new Date(),
				invoiceNumber: `BENCH-${i}`,
			})),
		)
		.returning({ id: s.agentBillingCycles.id })
	await db.insert(s.agentInvoiceLineItems).values(
		invoiced.map((p, i) => ({
			billingCycleId: cycles[i].id,
			projectId: p.id,
			propertyAddress: 'x',
			itemDescription: 'Property Styling Service',
			totalAmount: 9900,
			completedAt: p.completedAt,
		})),
	)
	await insertChunks(
		(rows) => db.insert(s.renderCalls).values(rows),
		Array.from({ length: 30_000 }, (_, i) => ({
			provider: 'http',
			ok: i % 25 !== 0,
			durationMs: 800 + (i % 400),
			createdAt: ago((i % 30) * DAY + (i % 1440) * 60_000),
		})),
	)
	await insertChunks(
		(rows) => db.insert(s.sessions).values(rows),
		Array.from({ length: 6000 }, (_, i) => ({
			userId: pick(users, i).id,
			createdAt: ago((i % 30) * DAY),
			expiresAt: ago(-DAY),
		})),
	)
	await insertChunks(
		(rows) => db.insert(s.issueTickets).values(rows),
		Array.from({ length: 2000 }, (_, i) => ({
			userId: pick(users, i).id,
			ticketNumber: `RND-BENCH-${String(i).padStart(6, '0')}`,
			issueType: 'other',
			title: 'Other',
			description: 'Bench ticket',
			status: pick(['open', 'in-progress', 'resolved', 'closed'], i),
			priority: pick(['low', 'medium', 'high', 'critical'], i),
			resolvedAt: i % 4 >= 2 ? ago(i * 60_000) : null,
			createdAt: ago(i * 120_000),
		})),
	)
	report('seeding', `${((performance.now() - started) / 1000).toFixed(1)} s`)
	await closeDb()
	await database.stop()

	const login = await fetch(`${server.url}/api/auth/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ username: adminEmail, password: 'bench-password' }),
	})
	if (!login.ok) throw new Error(`login failed: ${login.status}`)
	const cookie = cookieHeader(login.headers)

	for (const path of [
		'/api/rendo-ops/dashboard',
		'/api/rendo-ops/capacity-automation',
		'/api/devops/stats',
		'/api/devops/tickets',
		'/api/admin/transformations',
	]) {
		const times: number[] = []
		for (let i = 0; i < 21; i++) {
			const t = performance.now()
			const response = await fetch(`${server.url}${path}`, { headers: { cookie } })
			await response.arrayBuffer()
			if (!response.ok) throw new Error(`${path}: ${response.status}`)
			if (i > 0) times.push(performance.now() - t)
		}
		report(
			`GET ${path}, one at a time: median / p95`,
			`${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms`,
			path.endsWith('dashboard') ? 'target < 300 ms' : '',
		)
	}
	const load = await autocannon({
		url: `${server.url}/api/rendo-ops/dashboard`,
		headers: { cookie },
		connections: 5,
		duration: 10,
	})
	if (load.non2xx) throw new Error(`${load.non2xx} non-2xx answers under load`)
	report('GET /api/rendo-ops/dashboard, 5 clients: requests/s', load.requests.average.toFixed(1))
	report('GET /api/rendo-ops/dashboard, 5 clients: p50 / p99 latency', `${load.latency.p50} / ${load.latency.p99} ms`)
} finally {
	await server.stop()
}

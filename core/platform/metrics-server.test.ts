import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { expect, test } from 'vitest'
import { pool } from './db.ts'
import { serveMetrics, startMetricsServer } from './metrics-server.ts'

const TOKEN = 'a-metrics-token-for-tests'

// A machine address that is not loopback, to ask from as a stranger would.
const outside = Object.values(os.networkInterfaces())
	.flat()
	.find((a) => a && a.family === 'IPv4' && !a.internal)?.address

test('with a token: 401 without it or with a wrong one, never a figure; the figures with it', async () => {
	const server = await startMetricsServer({ port: 0, token: TOKEN })
	try {
		const url = `http://127.0.0.1:${server.port}/metrics`
		for (const headers of [
			{} as Record<string, string>,
			{ authorization: 'Bearer wrong-token-of-some-length' },
			{ authorization: TOKEN },
		]) {
			const refused = await fetch(url, { headers })
			expect(refused.status).toBe(401)
			expect(refused.headers.get('www-authenticate')).toBe('Bearer')
			expect(await refused.text()).not.toContain('rendo_')
		}
		const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })
		expect(ok.status).toBe(200)
		expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
		const text = await ok.text()
		expect(text).toMatch(/^rendo_process_resident_memory_bytes \d+/m)
		expect(text).toContain('# TYPE rendo_nodejs_eventloop_lag_seconds gauge')
		expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404)
		// With a token it listens on every address, and the token is what lets a stranger in.
		if (outside) {
			expect((await fetch(`http://${outside}:${server.port}/metrics`)).status).toBe(401)
			const remote = await fetch(`http://${outside}:${server.port}/metrics`, {
				headers: { authorization: `Bearer ${TOKEN}` },
			})
			expect(remote.status).toBe(200)
		}
	} finally {
		await server.close()
	}
})

test.skipIf(!outside)(
	'without a token: loopback gets the figures, another address or a relayed request a 404',
	async () => {
		const server = http.createServer((req, res) => void serveMetrics(req, res, undefined))
		await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve))
		const { port } = server.address() as AddressInfo
		try {
			expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200)
			const stranger = await fetch(`http://${outside}:${port}/metrics`)
			expect(stranger.status).toBe(404)
			expect(await stranger.text()).not.toContain('rendo_')
			// A reverse proxy on this machine connects from loopback: what it relays is from outside.
			const relayed = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } })
			expect(relayed.status).toBe(404)
		} finally {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
		}
	},
)

const scrape = async () => {
	const server = await startMetricsServer({ port: 0, token: undefined })
	try {
		return await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text()
	} finally {
		await server.close()
	}
}

// This file's database is its own: the jobs added here go with it.
test('a due job shows in the queue depth and age by task; the pool in use shows its connections', async () => {
	await pool.query(
		`select graphile_worker.add_job('metrics_probe', '{}'::json, run_at => now() - interval '30 seconds')`,
	)
	await pool.query(`select graphile_worker.add_job('metrics_probe', '{}'::json)`)
	// Not due yet: not in the depth.
	await pool.query(`select graphile_worker.add_job('metrics_probe', '{}'::json, run_at => now() + interval '1 hour')`)
	const text = await scrape()
	expect(text).toMatch(/^rendo_job_queue_depth\{task="metrics_probe"\} 2$/m)
	const age = Number(/^rendo_job_queue_age_seconds\{task="metrics_probe"\} ([\d.]+)$/m.exec(text)?.[1])
	expect(age).toBeGreaterThanOrEqual(29)
	expect(age).toBeLessThan(120)
	expect(text).toMatch(/^rendo_db_pool_connections\{state="total"\} [1-9]\d*$/m)
	expect(text).toMatch(/^rendo_db_pool_connections\{state="idle"\} \d+$/m)
	expect(text).toMatch(/^rendo_db_pool_waiting 0$/m)
})

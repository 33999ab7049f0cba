import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { expect, test, vi } from 'vitest'
import { pool } from './db.ts'
import { serveReadiness, startDraining } from './readiness.ts'

async function ready() {
	const server = http.createServer((_req, res) => void serveReadiness(res))
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	try {
		const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/ready`)
		return { status: response.status, body: await response.json() }
	} finally {
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
	}
}

test('ready on a current schema; 503 "schema behind" when the newest migration is missing', async () => {
	expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } })
	// This file's database is its own clone: take the newest migration's row out, then put it back.
	const { rows } = await pool.query(
		'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at',
	)
	try {
		expect(await ready()).toEqual({ status: 503, body: { status: 'not ready', reason: 'schema behind' } })
	} finally {
		await pool.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
			rows[0].hash,
			rows[0].created_at,
		])
	}
	expect((await ready()).status).toBe(200)
})

test('503 "database unreachable" when the database does not answer', async () => {
	// The pool is the real one behind db.ts's stand-in: its class answers for it.
	const query = vi
		.spyOn(pg.Pool.prototype, 'query')
		.mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
	try {
		expect(await ready()).toEqual({ status: 503, body: { status: 'not ready', reason: 'database unreachable' } })
	} finally {
		query.mockRestore()
	}
	expect((await ready()).status).toBe(200)
})

// Last in the file: draining does not end.
test('503 "draining" at once once the process starts draining', async () => {
	startDraining()
	expect(await ready()).toEqual({ status: 503, body: { status: 'not ready', reason: 'draining' } })
})

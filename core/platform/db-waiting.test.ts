import net from 'node:net'
import pg from 'pg'
import { afterAll, expect, test } from 'vitest'
import { waitingForDatabase } from './db.ts'

/**
 * A link to the test database that resets the first `resets` connections as soon as they speak, as
 * a PostgreSQL going down does to the connections it was opening; the rest pass through.
 */
async function linkResetting(resets: number) {
	const database = new URL(process.env.DATABASE_URL!)
	let opened = 0
	const server = net.createServer((socket) => {
		if (++opened <= resets) {
			socket.once('data', () => socket.resetAndDestroy())
			return
		}
		const upstream = net.connect(Number(database.port), database.hostname)
		socket.pipe(upstream).pipe(socket)
		const end = () => {
			socket.destroy()
			upstream.destroy()
		}
		socket.on('error', end).on('close', end)
		upstream.on('error', end).on('close', end)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = new URL(database)
	url.hostname = '127.0.0.1'
	url.port = String((server.address() as net.AddressInfo).port)
	return { url: url.toString(), opened: () => opened, close: () => server.close() }
}

const link = await linkResetting(2)
const pool = new pg.Pool({ connectionString: link.url, max: 1 })
afterAll(async () => {
	await pool.end()
	link.close()
})

test('graphile-worker’s connection waits out a database that resets the connections it was opening', async () => {
	// Unaided, the pool gives up on the first reset: the error that took a worker down mid-restart.
	await expect(pool.connect()).rejects.toMatchObject({ code: 'ECONNRESET' })
	const client = await waitingForDatabase(pool).connect()
	try {
		const { rows } = await client.query<{ answer: number }>('select 42 as answer')
		expect(rows).toEqual([{ answer: 42 }])
	} finally {
		client.release()
	}
	expect(link.opened()).toBe(3)
})

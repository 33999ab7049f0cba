import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from '#db/schema/index.ts'
import { config } from './config.ts'
import { isNetworkFailure, unavailableDependency } from './unavailable.ts'

function databaseUrl() {
	// Read on first use, not at import: the entry points' startDatabase() and the tests' setup set
	// DATABASE_URL after core's modules may have loaded, but before anything queries.
	const url = process.env.DATABASE_URL
	if (!url) throw new Error('DATABASE_URL is not set: start through the app, CLI or worker entry points')
	return url
}

function connect() {
	const pool = new pg.Pool({ connectionString: databaseUrl(), max: config().databasePoolSize })
	// An idle client dropped by the server (restart, failover) must not crash the process.
	pool.on('error', (error) => console.error('database pool: idle client error', error.message))
	pool.on('connect', (client) => client.on('error', (error) => console.error('database client error', error.message)))
	return { pool, db: drizzle(pool, { schema }) }
}

// Kept on globalThis: the dev server's Vite loads its own copy of this module for the routes, and two
// pools would mean a second one that closeDb never ends before the embedded cluster stops under it.
const shared = globalThis as { rendoDatabase?: ReturnType<typeof connect> }
const open = () => (shared.rendoDatabase ??= connect())

/**
 * A stand-in for an object built on first use, so importing this module builds nothing and every
 * door can import core statically, before its database is started. Reads, writes, `in` and
 * `instanceof` go to the real object, and its methods run bound to it, so `db.select()`,
 * `db.transaction()`, `pool.query()` and graphile-worker's `pgPool` behave as on the real one.
 */
function builtOnFirstUse<T extends object>(build: () => T): T {
	return new Proxy({} as T, {
		get(_, key) {
			const real = build()
			const value: unknown = Reflect.get(real, key, real)
			return typeof value === 'function' ? value.bind(real) : value
		},
		set: (_, key, value) => Reflect.set(build(), key, value),
		has: (_, key) => Reflect.has(build(), key),
		getPrototypeOf: () => Reflect.getPrototypeOf(build()),
	})
}

/**
 * A prepared statement (or anything else built from `db`) made on first use, not at import: building
 * a query opens the pool, which needs DATABASE_URL, and the entry points set it after core's modules
 * have loaded (the CLI starts its database only when a command first needs it). A statement built at
 * a module's top level made importing that module fail with "DATABASE_URL is not set".
 */
export function builtWhenFirstRun<T>(build: () => T): () => T {
	let built: T | undefined
	return () => (built ??= build())
}

export const pool = builtOnFirstUse(() => open().pool)
/** The pool if anything opened one (figures read at scrape time); never opens it. */
export const openedPool = () => shared.rendoDatabase?.pool
export const db = builtOnFirstUse(() => open().db)

const CONNECT_PATIENCE_MS = 30_000

/**
 * A connection from `pool`, waited for while the database is unreachable: each second, for up to 30 s.
 * Any network failure on the way counts, not only a refusal on the database's port: a server going
 * down resets the connection it was opening (`read ECONNRESET`, no port on the error).
 */
async function connectWaiting(pool: pg.Pool) {
	const deadline = Date.now() + CONNECT_PATIENCE_MS
	for (;;) {
		try {
			return await pool.connect()
		} catch (error) {
			const unreachable = unavailableDependency(error) === 'database' || isNetworkFailure(error)
			if (!unreachable || Date.now() > deadline) throw error
			await new Promise((resolve) => setTimeout(resolve, 1_000))
		}
	}
}

/**
 * The statement never ran to its end: the server refused or ended the session before answering
 * it (shutting down, starting, connection exception), or the client was already broken before it
 * was sent. A lost connection without the server's word is not this: the statement may have committed.
 */
const notRun = (error: unknown) => {
	const { code, message } = error as { code?: string; message?: string }
	return /^(08...|57P0[123])$/.test(code ?? '') || /^Client has encountered a connection error/.test(message ?? '')
}

/**
 * The pool as graphile-worker gets it, riding out a database restart or failover. graphile-worker
 * marks a job done or failed without awaiting it and retries only a few error codes (not a refused
 * connection, not the server's "terminating connection"): a job that ended while PostgreSQL was
 * going down was an unhandled rejection, and the worker process exited. Here a connection asked
 * for while the database is unreachable waits for it (polls too, instead of failing four times a
 * second), and a statement outside a transaction that the server ended unrun is asked again on a
 * fresh connection: graphile-worker's statements are single and safe to repeat (lock, complete,
 * fail, add with a key). Everything else is the pool's own.
 */
export const poolWaitingForDatabase = waitingForDatabase(pool)

/** Any pool as poolWaitingForDatabase has the app's (a test gives it one behind a faulty link). */
export function waitingForDatabase(pool: pg.Pool): pg.Pool {
	return new Proxy(pool, {
		get(target, key) {
			if (key !== 'connect') return Reflect.get(target, key)
			return async (...args: unknown[]) => {
				// The callback form is pg's, untouched: graphile-worker uses the promise.
				if (args.length) return (target.connect as (...a: unknown[]) => unknown)(...args)
				let client = await connectWaiting(target)
				let inTransaction = false
				// A client something listens on (graphile-worker's LISTEN for new jobs) is never swapped:
				// its listeners would stay on the dead one. Its owner sees the error and connects again.
				let listenedTo = false
				const query = async (...queryArgs: unknown[]): Promise<unknown> => {
					const text = String((queryArgs[0] as { text?: string })?.text ?? queryArgs[0])
						.trim()
						.toLowerCase()
					try {
						const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...queryArgs)
						if (text === 'begin' || text.startsWith('begin ')) inTransaction = true
						if (text === 'commit' || text === 'rollback') inTransaction = false
						return result
					} catch (error) {
						if (inTransaction || listenedTo || typeof queryArgs.at(-1) === 'function' || !notRun(error)) throw error
						// The new one first: if none comes, the caller releases the old one as usual.
						const fresh = await connectWaiting(target)
						client.release(error as Error)
						client = fresh
						return query(...queryArgs)
					}
				}
				return new Proxy({} as pg.PoolClient, {
					get(_, member) {
						if (member === 'query') return query
						if (member === 'on' || member === 'once' || member === 'addListener') listenedTo = true
						const value: unknown = Reflect.get(client, member, client)
						return typeof value === 'function' ? value.bind(client) : value
					},
				})
			}
		},
	})
}

export type Db = typeof db
/** A transaction or the database itself: services accept either so callers can compose them. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

/**
 * A connection of its own, outside the pool, for work that must never wait behind a busy pool
 * (the job heartbeat). The caller ends it.
 */
export async function dedicatedClient() {
	const client = new pg.Client({ connectionString: databaseUrl() })
	client.on('error', (error) => console.error('database client error', error.message))
	await client.connect()
	return client
}

const ending = new WeakMap<pg.Pool, Promise<void>>()

/**
 * Ends the pool, if anything used one: shutting down never opens a pool just to end it. A second
 * call waits for the first (pg's pool.end() throws when called twice): a test that stops its own
 * database first closes the pool before the setup's teardown closes it again.
 */
export async function closeDb() {
	const pool = shared.rendoDatabase?.pool
	if (!pool) return
	if (!ending.has(pool)) ending.set(pool, endPool(pool))
	await ending.get(pool)
}

async function endPool(pool: pg.Pool) {
	// pool.end() resolves before its idle connections have said goodbye; an embedded cluster
	// stopped under them (every entry point stops it next) logs "terminating connection" for each.
	// Wait for them, but never hold a shutdown on it for long.
	const gone = new Promise<void>((resolve) => {
		let left = pool.totalCount
		if (!left) return resolve()
		pool.on('remove', () => {
			if (--left === 0) resolve()
		})
	})
	await pool.end()
	await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 2000).unref())])
}

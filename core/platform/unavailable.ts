/**
 * Failures of what Rendo depends on, told apart from bugs: the database unreachable (restarting,
 * failing over), the object store unreachable, or the data disk full. A door answers these as "try
 * again later" (the web: 503 or 507 with Retry-After), not as a server error with a stack.
 */
export type Dependency = 'database' | 'storage' | 'disk'

/** How long a client should wait before trying again, in seconds: a restart or a blip is over in about this. */
export const RETRY_AFTER_SECONDS: Record<Dependency, number> = { database: 10, storage: 10, disk: 60 }

/** What the person is told, in the spec's manner ("… Please try again."). */
export const UNAVAILABLE_MESSAGES: Record<Dependency, string> = {
	database: 'Rendo is temporarily unavailable. Please try again in a moment.',
	storage: 'File storage is temporarily unavailable. Please try again in a moment.',
	disk: 'The server has no room for new files right now. Please try again later.',
}

/** Connection exceptions (class 08), and the server shutting down, crashed or still starting (57P01–57P03). */
const DATABASE_CODES = /^(08...|57P0[123])$/
/** What node-postgres and its pool say when the server went away under a query or would not answer. */
const DATABASE_MESSAGES =
	/^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/
const NETWORK_CODES = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'EPIPE',
	'EHOSTUNREACH',
	'ENOTFOUND',
	'EAI_AGAIN',
])

type Failure = Error & { code?: string; port?: number; $metadata?: { httpStatusCode?: number } }

/** The errors an error was caused by, itself first (drizzle and the AWS SDK wrap the one that matters). */
function* chain(error: unknown) {
	for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) yield e as Failure
}

/** Whether a network exchange failed under `error` (refused, reset, timed out…), whoever it was with. */
export const isNetworkFailure = (error: unknown) => [...chain(error)].some((e) => NETWORK_CODES.has(e.code ?? ''))

const databasePort = () => {
	try {
		return Number(new URL(process.env.DATABASE_URL ?? '').port || 5432)
	} catch {
		return undefined
	}
}

/** Which dependency `error` says is unavailable, or null when it is anything else (a bug, bad input). */
export function unavailableDependency(error: unknown): Dependency | null {
	for (const e of chain(error)) {
		if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return 'disk'
		// The AWS SDK's own errors carry $metadata: a refused connection, a timeout, or the store's 5xx.
		if (e.$metadata && (NETWORK_CODES.has(e.code ?? '') || (e.$metadata.httpStatusCode ?? 0) >= 500)) return 'storage'
		if (e.code && DATABASE_CODES.test(e.code)) return 'database'
		if (DATABASE_MESSAGES.test(e.message)) return 'database'
		// A refused connection is the database's when it is to the database's port (the pool's connect).
		if (NETWORK_CODES.has(e.code ?? '') && e.port !== undefined && e.port === databasePort()) return 'database'
	}
	return null
}

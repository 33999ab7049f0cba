import { type DestinationStream, pino, stdSerializers } from 'pino'
import { config } from './config.ts'

/** Drizzle puts a failed query's parameters (a new password's hash, a session token) into its message. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/

/**
 * Errors as pino writes them, minus what must never reach a log: the parameters of a failed
 * query, in the error's own fields, its message and stack, and those of its causes.
 */
export function loggableError(error: unknown) {
	return scrub(stdSerializers.err(error as Error))
}

function scrub(value: unknown): unknown {
	if (typeof value === 'string') return value.replace(QUERY_PARAMS, '\nparams: [not logged]')
	if (Array.isArray(value)) return value.map(scrub)
	if (value === null || typeof value !== 'object') return value
	return Object.fromEntries(
		Object.entries(value)
			.filter(([key]) => key !== 'params')
			.map(([key, field]) => [key, scrub(field)]),
	)
}

/** A personal access token's secret wherever it appears (an address someone put it in). */
const ACCESS_TOKEN = /rendo_pat_[A-Za-z0-9_%-]*/gi

/** Text for a log line with any access token in it masked. */
export function redactSecrets(text: string) {
	return text.replace(ACCESS_TOKEN, 'rendo_pat_[redacted]')
}

/** A logger with the redactions every log line needs; `destination` lets a test read its lines. */
export function createLogger(level: string, destination?: DestinationStream) {
	return pino(
		{
			level,
			redact: [
				'req.headers.cookie',
				'req.headers.authorization',
				'password',
				'*.password',
				'confirmPassword',
				'*.confirmPassword',
			],
			serializers: { err: loggableError },
		},
		destination,
	)
}

/** One JSON line per request and per job; tests stay quiet unless LOG_LEVEL says otherwise. */
export const logger = createLogger(
	process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : config().logLevel),
)

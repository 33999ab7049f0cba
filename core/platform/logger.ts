import { pino } from 'pino'
import { config } from './config.ts'

/** One JSON line per request and per job; tests stay quiet unless LOG_LEVEL says otherwise. */
export const logger = pino({
	level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : config().logLevel),
	redact: ['req.headers.cookie', 'password', '*.password'],
})

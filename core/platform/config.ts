import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { PROVIDER_NAMES, type ProviderName } from '#core/render/provider.ts'

const optional = z
	.string()
	.optional()
	.transform((v) => (v === '' ? undefined : v))
const flag = z
	.enum(['true', 'false', '1', '0'])
	.optional()
	.transform((v) => v === 'true' || v === '1')
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback)
const milliseconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback)

const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().default('localhost'),
	APP_URL: z.string().url().optional(),
	DATA_DIR: z.string().default('./data'),
	DATABASE_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
		.optional(),
	DATABASE_POOL_SIZE: count(10),
	MIGRATE_ON_START: flag,
	DRAIN_READY_GRACE_MS: milliseconds(5_000),
	EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
	SESSION_SECRET: optional,
	CEO_EMAIL: z.string().email().optional(),
	RENDO_CLI_AS: z.string().email().optional(),
	JOBS: z.enum(['inline', 'off']).default('inline'),
	WORKER_CONCURRENCY: z.coerce.number().int().positive().optional(),
	CPU_SLOTS: z.coerce.number().int().positive().optional(),
	JOB_STALE_AFTER_MS: count(6_000),
	S3_BUCKET: optional,
	S3_REGION: z.string().default('us-east-1'),
	S3_ENDPOINT: z.string().url().optional(),
	S3_ACCESS_KEY_ID: optional,
	S3_SECRET_ACCESS_KEY: optional,
	S3_FORCE_PATH_STYLE: flag,
	SMTP_URL: z
		.string()
		.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
		.optional(),
	MAIL_FROM: z.string().default('Rendo <hello@rendo.local>'),
	STRIPE_SECRET_KEY: optional,
	STRIPE_WEBHOOK_SECRET: optional,
	STRIPE_PUBLISHABLE_KEY: optional,
	TELEGRAM_BOT_TOKEN: optional,
	TELEGRAM_WEBHOOK_URL: z.string().url().startsWith('https://', 'must be an https:// URL').optional(),
	TELEGRAM_API_ROOT: z.string().url().default('https://api.telegram.org'),
	RENDER_PROVIDER: z.enum(PROVIDER_NAMES).default('local'),
	RENDER_API_KEY: optional,
	RENDER_API_URL: z.string().url().optional(),
	OPENAI_API_KEY: optional,
	OPENAI_BASE_URL: z.string().url().optional(),
	GEMINI_API_KEY: optional,
	GEMINI_BASE_URL: z.string().url().optional(),
	RENDER_MODEL: optional,
	RENDER_CONCURRENCY: z.coerce.number().int().positive().optional(),
	RENDER_POLL_INTERVAL_MS: count(2000),
	// flag: align every vendor image onto its photo and badge what may have changed the room;
	// replace: as flag, but a flagged image is first asked for once more and the better of the two
	// kept; off: deliver what the vendor returns, scaled and centre-cropped to the photo
	ROOM_CHECK: z.enum(['flag', 'replace', 'off']).default('flag'),
	RENDER_RETRY_BASE_MS: count(500),
	// one attempt of a vendor call (its answer read whole) or of a result download
	RENDER_TIMEOUT_MS: count(30_000),
	// while the vendor keeps failing, each process lets one call through (a probe) this often
	RENDER_CIRCUIT_PROBE_MS: count(3000),
	RENDER_MONTHLY_QUOTA: count(150),
	LOGIN_MAX_FAILURES_PER_ACCOUNT: count(10),
	LOGIN_MAX_REQUESTS_PER_ADDRESS: count(100),
	LOGIN_WINDOW_MINUTES: count(15),
	TRIAL_MAX_REQUESTS_PER_ADDRESS: count(30),
	TRUST_PROXY: flag,
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
	METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
})

/** Each vendor's key; the local preview needs none. */
const PROVIDER_KEY_VARIABLE = {
	local: undefined,
	'virtual-staging-ai': 'RENDER_API_KEY',
	openai: 'OPENAI_API_KEY',
	gemini: 'GEMINI_API_KEY',
} as const satisfies Record<ProviderName, keyof z.infer<typeof EnvSchema> | undefined>

/** Work in flight per vendor account: Virtual Staging AI documents 50; OpenAI and Gemini limit by tier (images per minute), so these are modest starting points. */
const DEFAULT_CONCURRENCY: Record<ProviderName, number> = {
	local: 1,
	'virtual-staging-ai': 50,
	openai: 5,
	gemini: 10,
}

export class ConfigError extends Error {
	name = 'ConfigError'
}

export type Config = ReturnType<typeof loadConfig>

/** Parses the environment once; a bad variable is one line naming it, never a stack trace. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
	const parsed = EnvSchema.safeParse(env)
	if (!parsed.success) {
		const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
		throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`)
	}
	const e = parsed.data
	// Several production processes must share one secret; only the embedded mode may generate it.
	if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.SESSION_SECRET)
		throw new ConfigError('Invalid configuration: SESSION_SECRET: required in production when DATABASE_URL is set')
	const apiKeyVariable = PROVIDER_KEY_VARIABLE[e.RENDER_PROVIDER]
	if (apiKeyVariable && !e[apiKeyVariable])
		throw new ConfigError(
			`Invalid configuration: ${apiKeyVariable}: required when RENDER_PROVIDER=${e.RENDER_PROVIDER}`,
		)
	if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.APP_URL)
		throw new ConfigError('Invalid configuration: APP_URL: required in production when DATABASE_URL is set')
	if (e.STRIPE_SECRET_KEY && (!e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PUBLISHABLE_KEY))
		throw new ConfigError(
			'Invalid configuration: STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set',
		)
	const dataDir = path.resolve(e.DATA_DIR)
	const appUrl = e.APP_URL ?? `http://${e.HOST}:${e.PORT}`
	return {
		env: e.NODE_ENV,
		isProduction: e.NODE_ENV === 'production',
		port: e.PORT,
		host: e.HOST,
		appUrl,
		// Browsers only send Secure cookies over HTTPS (or to localhost); the public URL says which.
		secureCookies: appUrl.startsWith('https://'),
		dataDir,
		databaseUrl: e.DATABASE_URL,
		databasePoolSize: e.DATABASE_POOL_SIZE,
		// with DATABASE_URL a process checks the schema and refuses one behind its code, unless told to
		// migrate it (the embedded database is always migrated: nobody else starts it)
		migrateOnStart: e.MIGRATE_ON_START,
		embeddedPg: { dir: path.join(dataDir, 'pg'), port: e.EMBEDDED_PG_PORT },
		sessionSecrets: e.SESSION_SECRET?.split(',').map((s) => s.trim()),
		ceoEmail: e.CEO_EMAIL?.toLowerCase(),
		// the account the command line acts as when a command is given no --as
		cliAs: e.RENDO_CLI_AS?.toLowerCase(),
		// Image work (fitting, room checks, previews) at once in this process: one per core unless
		// told fewer, as when several workers share a machine (each room-check thread holds ~125 MB).
		cpuSlots: e.CPU_SLOTS ?? os.availableParallelism(),
		jobs: {
			inline: e.JOBS === 'inline',
			concurrency: e.WORKER_CONCURRENCY,
			// a job pool silent this long is a dead process's: its jobs are handed back
			staleAfterMs: e.JOB_STALE_AFTER_MS,
		},
		storage: e.S3_BUCKET
			? {
					s3: {
						bucket: e.S3_BUCKET,
						region: e.S3_REGION,
						endpoint: e.S3_ENDPOINT,
						accessKeyId: e.S3_ACCESS_KEY_ID,
						secretAccessKey: e.S3_SECRET_ACCESS_KEY,
						forcePathStyle: e.S3_FORCE_PATH_STYLE,
					},
				}
			: { root: path.join(dataDir, 'files') },
		render: {
			provider: e.RENDER_PROVIDER,
			apiKey: apiKeyVariable ? e[apiKeyVariable] : undefined,
			baseUrl: {
				local: undefined,
				'virtual-staging-ai': e.RENDER_API_URL,
				openai: e.OPENAI_BASE_URL,
				gemini: e.GEMINI_BASE_URL,
			}[e.RENDER_PROVIDER],
			model: e.RENDER_MODEL,
			// renders in flight at the vendor at once, across this process's jobs
			concurrency: e.RENDER_CONCURRENCY ?? DEFAULT_CONCURRENCY[e.RENDER_PROVIDER],
			pollIntervalMs: e.RENDER_POLL_INTERVAL_MS,
			retryBaseMs: e.RENDER_RETRY_BASE_MS,
			requestTimeoutMs: e.RENDER_TIMEOUT_MS,
			circuitProbeMs: e.RENDER_CIRCUIT_PROBE_MS,
			roomCheck: e.ROOM_CHECK,
		},
		// renders the provider plan allows each calendar month (the operations dashboard's capacity)
		renderMonthlyQuota: e.RENDER_MONTHLY_QUOTA,
		mail: { smtpUrl: e.SMTP_URL, outboxDir: path.join(dataDir, 'outbox'), from: e.MAIL_FROM },
		// card payments through Stripe when a secret key is set; otherwise completion is billed to the
		// agent's monthly invoice
		payments: e.STRIPE_SECRET_KEY
			? {
					mode: 'stripe' as const,
					secretKey: e.STRIPE_SECRET_KEY,
					webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
					publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
				}
			: { mode: 'invoice' as const },
		// the bot is off without a token; with a webhook URL Telegram pushes updates, else we poll
		telegram: e.TELEGRAM_BOT_TOKEN
			? {
					token: e.TELEGRAM_BOT_TOKEN,
					webhookUrl: e.TELEGRAM_WEBHOOK_URL,
					apiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
				}
			: undefined,
		loginLimits: {
			perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
			perAddress: e.LOGIN_MAX_REQUESTS_PER_ADDRESS,
			windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
		},
		// free-trial submissions per client address in each hour
		trialLimits: { perAddress: e.TRIAL_MAX_REQUESTS_PER_ADDRESS, windowMs: 60 * 60_000 },
		trustProxy: e.TRUST_PROXY,
		// on SIGTERM the web answers /ready 503 this long while it still serves, so a balancer polling
		// /ready takes it out before its port closes; 0 closes the port at once
		drainReadyGraceMs: e.DRAIN_READY_GRACE_MS,
		logLevel: e.LOG_LEVEL,
		// /metrics: a bearer token when set, else loopback only; the port workers and the bot serve it on
		metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
	}
}

let current: Config | undefined

/** The process's configuration, parsed on first use. */
export function config(): Config {
	return (current ??= loadConfig())
}

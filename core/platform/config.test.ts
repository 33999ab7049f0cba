import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('configuration', () => {
	test('an empty environment gives the embedded defaults', () => {
		const c = loadConfig({})
		expect(c.port).toBe(3000)
		expect(c.databaseUrl).toBeUndefined()
		expect(c.embeddedPg.dir).toBe(path.resolve('data/pg'))
		expect(c.storage).toEqual({ root: path.resolve('data/files') })
		expect(c.mail).toMatchObject({ smtpUrl: undefined, outboxDir: path.resolve('data/outbox') })
		expect(c.jobs.inline).toBe(true)
		expect(c.loginLimits).toEqual({ perAccount: 10, perAddress: 100, windowMs: 15 * 60_000 })
	})

	test('S3, SMTP, the CEO and limits come from their variables', () => {
		const c = loadConfig({
			S3_BUCKET: 'rendo-files',
			S3_ENDPOINT: 'http://127.0.0.1:9000',
			S3_FORCE_PATH_STYLE: 'true',
			SMTP_URL: 'smtp://user:pw@mail.example:587',
			CEO_EMAIL: 'Boss@Rendo.Example',
			LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
			SESSION_SECRET: 'new, old',
		})
		expect(c.storage).toMatchObject({
			s3: { bucket: 'rendo-files', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
		})
		expect(c.mail.smtpUrl).toBe('smtp://user:pw@mail.example:587')
		expect(c.ceoEmail).toBe('boss@rendo.example')
		expect(c.loginLimits.perAccount).toBe(3)
		expect(c.sessionSecrets).toEqual(['new', 'old'])
	})

	test('every malformed variable is named on one line', () => {
		const error = (() => {
			try {
				loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CEO_EMAIL: 'nope' })
			} catch (e) {
				return e as Error
			}
		})()
		expect(error).toBeInstanceOf(ConfigError)
		expect(error!.message.split('\n')).toHaveLength(1)
		expect(error!.message).toMatch(/^Invalid configuration: /)
		for (const name of ['PORT', 'DATABASE_URL', 'CEO_EMAIL']) expect(error!.message).toContain(`${name}: `)
	})

	test('metrics: off and tokenless by default; a token of 16 characters or more, a port', () => {
		expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined })
		expect(loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, port: 9464 })
		expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metrics.token).toBe('x'.repeat(16))
		expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN: must be at least 16 characters')
		expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT: /)
	})

	test("the web's not-ready grace on SIGTERM: 5 s by default, 0 allowed, never negative or a fraction", () => {
		expect(loadConfig({}).drainReadyGraceMs).toBe(5_000)
		expect(loadConfig({ DRAIN_READY_GRACE_MS: '0' }).drainReadyGraceMs).toBe(0)
		expect(loadConfig({ DRAIN_READY_GRACE_MS: '15000' }).drainReadyGraceMs).toBe(15_000)
		for (const bad of ['-1', '1.5', 'soon'])
			expect(() => loadConfig({ DRAIN_READY_GRACE_MS: bad })).toThrow(/DRAIN_READY_GRACE_MS: /)
	})

	test('production with its own database needs a session secret', () => {
		expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/rendo' })).toThrow(
			'SESSION_SECRET: required in production when DATABASE_URL is set',
		)
	})
})

test('cookies are Secure exactly when the public URL is HTTPS, and production names its URL', () => {
	expect(loadConfig({}).secureCookies).toBe(false)
	expect(loadConfig({ APP_URL: 'https://app.rendo.example' }).secureCookies).toBe(true)
	expect(() =>
		loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/rendo', SESSION_SECRET: 's' }),
	).toThrow('APP_URL: required in production when DATABASE_URL is set')
})

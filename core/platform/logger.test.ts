import { Writable } from 'node:stream'
import { expect, test } from 'vitest'
import { db } from '#core/platform/db.ts'
import { users } from '#db/schema/accounts.ts'
import { insertUser, PASSWORD } from '#tests/factories.ts'
import { createLogger, redactSecrets } from './logger.ts'

function capturedLogger() {
	const lines: string[] = []
	const destination = new Writable({
		write(chunk, _encoding, done) {
			lines.push(String(chunk))
			done()
		},
	})
	return { log: createLogger('info', destination), lines }
}

test('a failed query is logged without its parameters: no password hash reaches the log', async () => {
	const user = await insertUser()
	const failure = await db
		.insert(users)
		.values({ username: `${user.username}-2`, email: user.email, firstName: 'Copy', password: user.password })
		.catch((error: unknown) => error as Error)
	expect(String(failure)).toContain(user.password)

	const { log, lines } = capturedLogger()
	log.error({ err: failure }, 'unhandled error')
	log.info({ password: PASSWORD, body: { password: PASSWORD, confirmPassword: PASSWORD } }, 'form')

	const written = lines.join('')
	// What went wrong stays readable: the query and the cause.
	expect(written).toContain('insert into \\"users\\"')
	expect(written).toContain('users_email_unique')
	expect(written).toContain('params: [not logged]')
	expect(written).not.toContain(user.password)
	expect(written).not.toContain(user.password.split('$').at(-1))
	expect(written).not.toContain(PASSWORD)
})

test('an access token never reaches a log line: masked in addresses, and the Authorization header is redacted', () => {
	const secret = `rendo_pat_${'Ab3_-'.repeat(8)}xyz`
	const { log, lines } = capturedLogger()
	log.info({ url: redactSecrets(`/api/property-studio/projects?access_token=${secret}&x=1`) }, 'request')
	log.info({ req: { headers: { authorization: `Bearer ${secret}` } } }, 'request')
	expect(lines.join('')).not.toContain(secret.slice('rendo_pat_'.length))
	expect(lines[0]).toContain('access_token=rendo_pat_[redacted]&x=1')
	expect(redactSecrets('/dashboard?q=RENDO_PAT_abc%2Fdef')).toBe('/dashboard?q=rendo_pat_[redacted]')
})

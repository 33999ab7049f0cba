import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { users } from '#db/schema/accounts.ts'
import { verifyPassword } from '#core/accounts/passwords.ts'
import { db } from '#core/platform/db.ts'
import { rendo, rendoJson } from '#tests/cli.ts'
import { insertUser } from '#tests/factories.ts'

test('create-admin makes an admin with a generated password shown once', async () => {
	const result = await rendo(['users', 'create-admin', '--email', 'Staff@Rendo.Test'])
	expect(result.stderr).toBe('')
	expect(result.code).toBe(0)
	const password = result.stdout.match(/Password \(shown once, change it after signing in\): (\S+)/)?.[1]
	expect(password).toBeTruthy()
	const [admin] = await db.select().from(users).where(eq(users.email, 'staff@rendo.test'))
	expect(admin.role).toBe('admin')
	expect(await verifyPassword(admin.password, password!)).toBe(true)
}, 30_000)

test('create-admin takes a password on standard input, and refuses a taken e-mail with exit code 2', async () => {
	const created = await rendo(['users', 'create-admin', '--email', 'ops@rendo.test', '--password-stdin'], {
		stdin: 'chosen-secret\n',
	})
	expect(created.code).toBe(0)
	expect(created.stdout).not.toContain('Password')
	const [admin] = await db.select().from(users).where(eq(users.email, 'ops@rendo.test'))
	expect(await verifyPassword(admin.password, 'chosen-secret')).toBe(true)

	const again = await rendo(['users', 'create-admin', '--email', 'ops@rendo.test'])
	expect(again.code).toBe(2)
	expect(again.stderr.trim()).toBe('rendo: email: An account with this email already exists')
}, 30_000)

test('a bad e-mail is refused before touching the database', async () => {
	const result = await rendo(['users', 'create-admin', '--email', 'not-an-email'])
	expect(result.code).toBe(2)
	expect(result.stderr.trim()).toBe('rendo: email: Valid email address is required')
}, 30_000)

test('users list shows accounts as a table, or JSON without password hashes, filtered by role', async () => {
	const agent = await insertUser({ role: 'agent', email: 'list.agent@rendo.test' })
	await insertUser({ role: 'admin', email: 'list.admin@rendo.test' })

	const table = await rendo(['users', 'list'])
	expect(table.code).toBe(0)
	expect(table.stdout.split('\n')[0]).toMatch(/^E-MAIL\s+USERNAME\s+NAME\s+ROLE\s+CREATED$/)
	expect(table.stdout).toMatch(/list\.agent@rendo\.test\s.*\sagent\s/)

	const admins = await rendoJson<Array<Record<string, unknown>>>(['users', 'list', '--role', 'admin'])
	expect(admins.map((u) => u.email)).toContain('list.admin@rendo.test')
	expect(admins.every((u) => u.role === 'admin')).toBe(true)
	expect(Object.keys(admins[0]).sort()).toEqual(
		[
			'createdAt',
			'email',
			'firstName',
			'id',
			'isPioneerAgent',
			'lastName',
			'pioneerPosition',
			'role',
			'username',
		].sort(),
	)

	const refused = await rendo(['users', 'list', '--as', agent.email])
	expect(refused.code).toBe(1)
	expect(refused.stderr.trim()).toBe('rendo: not allowed for this account (see --as)')

	const badRole = await rendo(['users', 'list', '--role', 'owner'])
	expect(badRole.code).toBe(2)
	expect(badRole.stderr).toContain("error: option '--role <role>' argument 'owner' is invalid")
}, 60_000)

test('set-role changes a role, and the last admin cannot be demoted', async () => {
	await db.delete(users).where(eq(users.role, 'admin'))
	const agent = await insertUser({ role: 'agent' })
	const promoted = await rendoJson(['users', 'set-role', agent.email, 'admin'])
	expect(promoted).toMatchObject({ email: agent.email, role: 'admin' })

	const lastAdmin = await rendo(['users', 'set-role', agent.email, 'agent', '--as', agent.email])
	expect(lastAdmin.code).toBe(2)
	expect(lastAdmin.stderr.trim()).toBe('rendo: role: At least one admin must remain')

	const unknown = await rendo(['users', 'set-role', 'nobody@rendo.test', 'agent'])
	expect(unknown.code).toBe(1)
	expect(unknown.stderr.trim()).toBe('rendo: No account with the e-mail nobody@rendo.test')
}, 60_000)

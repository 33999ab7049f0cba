import { spawn } from 'node:child_process'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { users } from '#db/schema/accounts.ts'
import { verifyPassword } from '#core/accounts/passwords.ts'
import { db } from '#core/platform/db.ts'

function rendo(args: string[], stdin?: string) {
	return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
		const child = spawn(process.execPath, ['cli/bin.js', ...args], { env: process.env })
		let stdout = ''
		let stderr = ''
		child.stdout.on('data', (d) => (stdout += d))
		child.stderr.on('data', (d) => (stderr += d))
		child.stdin.end(stdin ?? '')
		child.on('exit', (code) => resolve({ code, stdout, stderr }))
	})
}

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
	const created = await rendo(['users', 'create-admin', '--email', 'ops@rendo.test', '--password-stdin'], 'chosen-secret\n')
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

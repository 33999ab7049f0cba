import type { Command } from 'commander'
import { systemActor } from '#core/accounts/actor.ts'
import { CreateAdminSchema } from '#core/accounts/auth.schema.ts'
import { parseInput } from '#core/validate.ts'
import { useDatabase } from './database.ts'

async function readStdin() {
	let text = ''
	for await (const chunk of process.stdin) text += chunk
	return text.replace(/\r?\n$/, '')
}

export function registerUserCommands(program: Command) {
	const users = program.command('users').description('staff accounts')
	users
		.command('create-admin')
		.description('create an admin account; prints a generated password once unless --password-stdin is given')
		.requiredOption('--email <email>', 'e-mail address of the admin')
		.option('--username <username>', 'username (defaults to the e-mail address)')
		.option('--password-stdin', 'read the password from standard input')
		.action(async (opts: { email: string; username?: string; passwordStdin?: boolean }) => {
			const input = parseInput(CreateAdminSchema, {
				email: opts.email,
				username: opts.username,
				password: opts.passwordStdin ? await readStdin() : undefined,
			})
			await useDatabase()
			// Whoever runs the CLI on the server is staff: the database credentials are the gate.
			const { createAdmin } = await import('#core/accounts/create-admin.ts')
			const { user, generatedPassword } = await createAdmin(systemActor, input)
			console.log(`Created admin ${user.email} (username ${user.username}, id ${user.id})`)
			if (generatedPassword) console.log(`Password (shown once, change it after signing in): ${generatedPassword}`)
		})
}

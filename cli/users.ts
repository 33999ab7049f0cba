import { Option, type Command } from 'commander'
import { systemActor } from '#core/accounts/actor.ts'
import { CreateAdminSchema } from '#core/accounts/auth.schema.ts'
import { USER_ROLES } from '#core/accounts/user-role.schema.ts'
import { parseInput } from '#core/validate.ts'
import { asOption, operatorActor } from './actor.ts'
import { useDatabase } from './database.ts'
import { example, formatDate, printJson, printTable } from './output.ts'
import { readStdin } from './stdin.ts'

const staffAs = () => asOption('act as this staff account (default: RENDO_CLI_AS, else the operator)')

export function registerUserCommands(program: Command) {
	const users = example(program.command('users').description('accounts and roles'), 'rendo users list --role admin')

	example(
		users
			.command('create-admin')
			.description('create an admin account; prints a generated password once unless --password-stdin is given')
			.requiredOption('--email <email>', 'e-mail address of the admin')
			.option('--username <username>', 'username (defaults to the e-mail address)')
			.option('--password-stdin', 'read the password from standard input'),
		'rendo users create-admin --email ops@agency.example',
		"printf '%s\\n' 'a-long-secret' | rendo users create-admin --email ops@agency.example --password-stdin",
	).action(async (opts: { email: string; username?: string; passwordStdin?: boolean }) => {
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

	example(
		users
			.command('list')
			.description('list accounts, oldest first')
			.addOption(new Option('--role <role>', 'only accounts with this role').choices(USER_ROLES))
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		'rendo users list --role admin',
	).action(async (opts: { role?: string; as?: string; json?: boolean }) => {
		const actor = await operatorActor(opts.as)
		await useDatabase()
		const { listUsers } = await import('#core/accounts/users-admin.ts')
		const rows = await listUsers(actor, { role: opts.role })
		if (opts.json) return printJson(rows)
		printTable(
			rows,
			[
				{ header: 'E-mail', value: (u) => u.email },
				{ header: 'Username', value: (u) => u.username },
				{ header: 'Name', value: (u) => [u.firstName, u.lastName].filter(Boolean).join(' ') },
				{ header: 'Role', value: (u) => u.role },
				{ header: 'Created', value: (u) => formatDate(u.createdAt.toISOString()) },
			],
			'No accounts',
		)
	})

	example(
		users
			.command('set-role')
			.description(`change an account's role (${USER_ROLES.join(', ')}); the last admin cannot be demoted`)
			.argument('<email>', "the account's e-mail address")
			.addArgument(users.createArgument('<role>', 'the new role').choices(USER_ROLES))
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		'rendo users set-role jo@agency.example admin',
	).action(async (email: string, role: string, opts: { as?: string; json?: boolean }) => {
		const actor = await operatorActor(opts.as)
		await useDatabase()
		const { setUserRole } = await import('#core/accounts/users-admin.ts')
		const user = await setUserRole(actor, { email, role })
		if (opts.json) return printJson(user)
		console.log(`${user.email} is now ${user.role}`)
	})
}

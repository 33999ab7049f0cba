import { Command } from 'commander'
import { registerDatabaseCommands } from './db.ts'
import { registerDownloadCommand } from './download.ts'
import { registerEditCommands } from './edits.ts'
import { registerImportCommand } from './import.ts'
import { registerLoginCommands } from './login.ts'
import { registerProjectCommands } from './projects.ts'
import { registerStatusCommand } from './status.ts'
import { registerSubmitCommand } from './submit.ts'
import { registerTicketCommands } from './tickets.ts'
import { registerUserCommands } from './users.ts'
import { registerWorkerCommand } from './worker.ts'
import { describeMode } from './remote/session.ts'

/** The command groups that act over the API when logged in; the rest are the operator's, on the local database. */
const OVER_THE_API = new Set(['projects', 'submit', 'status', 'download', 'import', 'tickets', 'objects', 'edit'])
const LOGIN = new Set(['login', 'logout', 'whoami'])

/** Every command's --help ends saying where it runs: now, over the API or on the local database. */
function sayWhereEachRuns(program: Command) {
	for (const group of program.commands) {
		if (LOGIN.has(group.name())) continue
		const text = OVER_THE_API.has(group.name())
			? () => `\n${describeMode()}`
			: () => '\nMode: on the local database only (an operator command; not over the API).'
		for (const command of [group, ...group.commands]) command.addHelpText('after', text)
	}
}

/** The `rendo` command tree: every group and command, their options, help and examples. */
export function createProgram() {
	const program = new Command('rendo')
		.description('Rendo on the command line: bulk imports, submitting photos, watching renders, triaging tickets')
		.showHelpAfterError('(add --help for usage and an example)')
		// Usage errors become exceptions, so they get exit code 2 and the database is stopped cleanly.
		.exitOverride()
		.addHelpText(
			'after',
			`
Two modes. Logged in (rendo login, or RENDO_URL and RENDO_TOKEN), projects, submit, status,
download, import and tickets act over the server's API as the token's account, from any machine.
Otherwise every command acts on the database of this checkout (the embedded PostgreSQL in ./data,
shared with a running server) or on DATABASE_URL, as the operator. Add --json for scripts.

Exit codes: 0 done, 1 the operation failed, 2 bad usage or input.

Example:
  $ rendo import properties.csv --as agent@example.com --dry-run`,
		)
		.hook('preAction', (_, command) => {
			// Job and database log lines would mix into tables and JSON; the worker command keeps them.
			if (command.name() !== 'worker') process.env.LOG_LEVEL ??= 'silent'
		})

	registerLoginCommands(program)
	registerUserCommands(program)
	registerProjectCommands(program)
	registerSubmitCommand(program)
	registerStatusCommand(program)
	registerDownloadCommand(program)
	registerEditCommands(program)
	registerImportCommand(program)
	registerTicketCommands(program)
	registerWorkerCommand(program)
	registerDatabaseCommands(program)
	sayWhereEachRuns(program)
	return program
}

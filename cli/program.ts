import { Command } from 'commander'
import { registerDatabaseCommands } from './db.ts'
import { registerDownloadCommand } from './download.ts'
import { registerImportCommand } from './import.ts'
import { registerProjectCommands } from './projects.ts'
import { registerStatusCommand } from './status.ts'
import { registerSubmitCommand } from './submit.ts'
import { registerTicketCommands } from './tickets.ts'
import { registerUserCommands } from './users.ts'
import { registerWorkerCommand } from './worker.ts'

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
Commands act on the database of this checkout (the embedded PostgreSQL in ./data, shared with a
running server) or on DATABASE_URL. Add --json to a listing for scripts.

Exit codes: 0 done, 1 the operation failed, 2 bad usage or input.

Example:
  $ rendo import properties.csv --as agent@example.com --dry-run`,
		)
		.hook('preAction', (_, command) => {
			// Job and database log lines would mix into tables and JSON; the worker command keeps them.
			if (command.name() !== 'worker') process.env.LOG_LEVEL ??= 'silent'
		})

	registerUserCommands(program)
	registerProjectCommands(program)
	registerSubmitCommand(program)
	registerStatusCommand(program)
	registerDownloadCommand(program)
	registerImportCommand(program)
	registerTicketCommands(program)
	registerWorkerCommand(program)
	registerDatabaseCommands(program)
	return program
}

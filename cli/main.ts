import { CommanderError } from 'commander'
import { provideBotGateway } from '#bot/gateway-provider.ts'
import { ConfigError } from '#core/platform/config.ts'
import { ForbiddenError, InputError, NotFoundError, UnauthenticatedError } from '#core/errors.ts'
import { CommandFailed } from './output.ts'
import { createProgram } from './program.ts'

/**
 * Exit codes a script can branch on: 2 when the command line or its input is wrong (unknown
 * command or option, a bad value, a bad CSV row or photo, a malformed configuration), so the
 * same call will fail again; 1 when the operation itself failed (not allowed, not found, a
 * render failed, anything unexpected).
 */
const EXIT = { ok: 0, failed: 1, usage: 2 } as const

function exitCodeFor(error: unknown) {
	if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage
	if (error instanceof InputError || error instanceof ConfigError) return EXIT.usage
	return EXIT.failed
}

function describe(error: unknown) {
	if (error instanceof InputError) {
		const fields = Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(', ')}`)
		// A message of its own (not just the first field's) says what happened as a result.
		const outcome = error.message !== Object.values(error.fieldErrors).flat()[0] ? [error.message] : []
		return fields.length ? [...fields, ...outcome].join('\n') : error.message
	}
	if (error instanceof ForbiddenError && error.message === new ForbiddenError().message)
		return 'not allowed for this account (see --as)'
	return error instanceof Error ? error.message : String(error)
}

// `rendo worker` and `submit --wait` run jobs here: the Telegram ones reach Telegram through the bot door's gateway.
provideBotGateway()

try {
	await createProgram().parseAsync()
} catch (error) {
	// Commander has already printed its own usage message.
	if (!(error instanceof CommanderError))
		for (const line of describe(error).split('\n')) console.error(`rendo: ${line}`)
	// A failure we can name is its message; anything else keeps its stack for whoever debugs it.
	const named = [
		CommanderError,
		InputError,
		ConfigError,
		ForbiddenError,
		NotFoundError,
		UnauthenticatedError,
		CommandFailed,
	]
	if (!named.some((kind) => error instanceof kind)) console.error(error)
	process.exitCode = exitCodeFor(error)
} finally {
	const { stopCliDatabase } = await import('./database.ts')
	await stopCliDatabase()
}
// Ends now with our code, even if a library left a timer or socket open.
process.exit(process.exitCode ?? 0)

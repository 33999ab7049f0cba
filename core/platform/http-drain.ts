import type { IncomingMessage, Server, ServerResponse } from 'node:http'

/**
 * How long a stopping web process lets its requests in progress (a slow upload, a ZIP download)
 * finish before it cuts what is left: under the 30 s most supervisors wait before a SIGKILL
 * (Kubernetes' default grace period; systemd's is 90 s).
 */
export const DRAIN_GRACE_MS = 25_000

/**
 * Follows the requests of a web server, so that a drain can let each finish and close its
 * connection after it. Call it before the server takes its first request.
 */
export function trackRequests(server: Server) {
	const inProgress = new Set<ServerResponse>()
	let draining = false
	// First among the listeners, so it acts before the app can answer.
	server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
		// A request that arrives on a kept-alive connection during the drain is served, and its
		// connection closed after it (Connection: close): the client opens the next one elsewhere.
		if (draining) res.shouldKeepAlive = false
		inProgress.add(res)
		res.on('close', () => inProgress.delete(res))
	})

	/**
	 * Stops taking connections (a new one is refused, so a balancer or client goes to another
	 * process), closes the idle kept-alive ones, lets every request in progress finish and closes
	 * its connection after its response, and after `graceMs` cuts whatever is still open.
	 * Resolves once every connection is closed.
	 */
	function drain({ graceMs = DRAIN_GRACE_MS }: { graceMs?: number } = {}) {
		draining = true
		for (const res of inProgress) {
			// Headers not sent yet: they say Connection: close, and Node ends the connection after the body.
			if (!res.headersSent) res.shouldKeepAlive = false
			// Already sent as keep-alive: the connection ends once this response has gone (the
			// server detaches the socket from the response as it finishes, so it is taken now).
			else {
				const socket = res.socket
				res.once('finish', () => socket?.end())
			}
		}
		const closed = new Promise<void>((resolve) => server.close(() => resolve()))
		// Node's close() closes idle connections too; again, in case one fell idle meanwhile.
		server.closeIdleConnections()
		const cut = setTimeout(() => server.closeAllConnections(), graceMs)
		return closed.finally(() => clearTimeout(cut))
	}

	return { drain, inProgress: () => inProgress.size }
}

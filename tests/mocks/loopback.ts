import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A vendor model's `handle(Request) → Response` on a real loopback port, for the child processes
 * (workers, the bench) that msw in the test process cannot reach. `handle` may be bound after the
 * port is known, since the models answer at absolute URLs.
 */
export async function serveOnLoopback(handle: (request: Request) => Promise<Response>) {
	const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		const request = new Request(`http://${req.headers.host}${req.url}`, {
			method: req.method,
			headers: req.headers as Record<string, string>,
			body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
		})
		const response = await handle(request)
		res.writeHead(response.status, Object.fromEntries(response.headers))
		res.end(Buffer.from(await response.arrayBuffer()))
	}
	const server = http.createServer((req, res) =>
		serve(req, res).catch((error) => {
			// A client killed while it was still sending ('aborted'): no one is left to answer.
			if (req.complete) throw error
		}),
	)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

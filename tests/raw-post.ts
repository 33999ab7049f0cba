import net from 'node:net'

export interface Answer {
	status: number
	body: string
	/** Body bytes the client had written when the answer came. */
	sent: number
}

/**
 * POSTs `total` bytes over a raw socket (declared, or chunked with no size), 64 kB at a time,
 * and stops writing as soon as the server answers or closes (a hostile client, `keepSending`,
 * goes on until the server hangs up). A raw socket keeps what the server sent even when a write
 * then fails because the server has hung up.
 */
export function rawPost(
	baseURL: string,
	path: string,
	{
		total,
		contentType,
		declare,
		keepSending = false,
	}: { total: number; contentType: string; declare: boolean; keepSending?: boolean },
) {
	const { hostname, port, origin } = new URL(baseURL)
	return new Promise<Answer>((resolve) => {
		const socket = net.connect(Number(port), hostname)
		let received = ''
		let sent = 0
		socket.on('data', (data) => (received += data.toString('latin1')))
		socket.on('error', () => {}) // EPIPE/ECONNRESET once the server hangs up: its answer is already in
		socket.on('close', () => {
			const [head, body = ''] = received.split('\r\n\r\n')
			const status = Number(head.split(' ')[1])
			// A chunked answer: the JSON is the chunk between its size lines.
			resolve({
				status,
				body: body.includes('{') ? body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) : body,
				sent,
			})
		})
		socket.write(
			[
				`POST ${path} HTTP/1.1`,
				`Host: ${hostname}:${port}`,
				`Origin: ${origin}`,
				`Content-Type: ${contentType}`,
				declare ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked',
				'',
				'',
			].join('\r\n'),
		)
		const chunk = Buffer.alloc(64 * 1024, 'a')
		const framed = declare
			? chunk
			: Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
		const write = () => {
			while ((keepSending || !received) && !socket.destroyed && sent < total) {
				sent += chunk.length
				if (!socket.write(framed)) return void socket.once('drain', write)
			}
			if (!received && !socket.destroyed && !declare) socket.write('0\r\n\r\n')
		}
		// Headers first: a declared size over the limit is answered before any of the body. The body waits for
		// that answer (a server that waits for the body gets it after 10 s), not for a guess of how fast it comes.
		const start = setTimeout(write, declare ? 10_000 : 0)
		socket.on('close', () => clearTimeout(start))
	})
}

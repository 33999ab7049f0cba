import type { AddressInfo } from 'node:net'
import { text } from 'node:stream/consumers'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
	to: string[]
	subject: string
	/** The message as it came, headers and body. */
	data: string
	/** When it arrived (performance.now()). */
	at: number
}

/**
 * A real SMTP server on loopback for the mail tests and the fault bench. It can turn mail away as a
 * server in trouble does: while `refusing`, "421 Service not available" to every connection (RFC 5321
 * §3.8); and it refuses any recipient at refused.example for good (550).
 */
export async function startSmtpServer() {
	const state = { refusing: false, connections: 0, connectionsRefused: 0, received: [] as ReceivedMail[] }
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onConnect(_session, callback) {
			state.connections++
			if (!state.refusing) return callback()
			state.connectionsRefused++
			callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }))
		},
		onRcptTo(address, _session, callback) {
			if (!address.address.endsWith('@refused.example')) return callback()
			callback(Object.assign(new Error('No such user here'), { responseCode: 550 }))
		},
		onData(stream, session, callback) {
			text(stream).then((data) => {
				state.received.push({
					to: session.envelope.rcptTo.map((r) => r.address),
					subject: data.match(/^Subject: (.*)$/m)?.[1].trim() ?? '',
					data,
					at: performance.now(),
				})
				callback()
			}, callback)
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo
	return {
		url: `smtp://127.0.0.1:${port}`,
		state,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

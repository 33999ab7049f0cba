import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { config } from '#core/platform/config.ts'

/**
 * Fetching a URL a user typed, without letting them reach our own network (SSRF): only http(s)
 * on the default ports, no credentials in the URL, the name resolved once and every address
 * checked, the connection made to exactly that address (so a second DNS answer cannot swap it),
 * redirects followed by hand and each hop checked again, and a cap on time and size.
 */

export class FetchRefusedError extends Error {
	name = 'FetchRefusedError'
}
export class FetchFailedError extends Error {
	name = 'FetchFailedError'
}

const USER_AGENT = 'RendoBot/1.0 (+listing photo import)'
const MAX_REDIRECTS = 3

// Everything that is not the public internet: private, loopback, link-local (cloud metadata at
// 169.254.169.254), carrier-grade NAT, documentation, multicast and reserved ranges; in IPv6 also
// IPv4-mapped and NAT64 addresses, which could hide any of those. One list per family: a BlockList
// matches IPv4 addresses against IPv4-mapped IPv6 rules too.
const notPublic4 = new net.BlockList()
for (const [subnet, prefix] of [
	['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
	['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
	['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const)
	notPublic4.addSubnet(subnet, prefix, 'ipv4')
const notPublic6 = new net.BlockList()
for (const [subnet, prefix] of [
	['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const)
	notPublic6.addSubnet(subnet, prefix, 'ipv6')

const loopback4 = new net.BlockList()
loopback4.addSubnet('127.0.0.0', 8, 'ipv4')

export function isPublicAddress(address: string) {
	const family = net.isIP(address)
	if (family === 4) return !notPublic4.check(address, 'ipv4')
	if (family === 6) return !notPublic6.check(address, 'ipv6')
	return false
}

const testLoopbackPorts = new Set<number>()

/**
 * Tests serve listing pages on loopback: this lets one port through, in the test environment
 * only (it throws anywhere else). Returns the function that takes the allowance back.
 */
export function allowLoopbackPortForTests(port: number) {
	if (config().env !== 'test') throw new Error('allowLoopbackPortForTests is for tests only')
	testLoopbackPorts.add(port)
	return () => testLoopbackPorts.delete(port)
}

function allowedByTest(address: string, port: number) {
	if (!testLoopbackPorts.has(port)) return false
	return address === '::1' || (net.isIP(address) === 4 && loopback4.check(address, 'ipv4'))
}

type Target = { address: string; family: 4 | 6 }

async function resolveTarget(url: URL): Promise<Target> {
	if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError('Only http and https addresses can be fetched')
	if (url.username || url.password) throw new FetchRefusedError('Addresses with a user name or password are not allowed')
	const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
	const host = url.hostname.replace(/^\[|\]$/g, '')
	let addresses: Array<{ address: string; family: number }>
	if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }]
	else {
		try {
			addresses = await dns.promises.lookup(host, { all: true, verbatim: true })
		} catch {
			throw new FetchFailedError(`The address ${host} could not be found`)
		}
	}
	if (!addresses.length) throw new FetchFailedError(`The address ${host} could not be found`)
	// every answer must be acceptable: a name with one public and one private address is refused
	for (const { address } of addresses) {
		if (allowedByTest(address, port)) continue
		if (port !== 80 && port !== 443) throw new FetchRefusedError('Only the standard web ports (80 and 443) are allowed')
		if (!isPublicAddress(address)) throw new FetchRefusedError('That address points to a private network and is not allowed')
	}
	const { address, family } = addresses[0]
	return { address, family: family === 6 ? 6 : 4 }
}

export interface GuardedFetchOptions {
	maxBytes: number
	timeoutMs: number
	accept: string
}

export interface FetchedBody {
	url: URL
	contentType: string
	body: Buffer
}

function requestOnce(url: URL, target: Target, opts: GuardedFetchOptions, signal: AbortSignal) {
	const client = url.protocol === 'https:' ? https : http
	const host = url.hostname.replace(/^\[|\]$/g, '')
	return new Promise<{ redirect: string } | { contentType: string; body: Buffer }>((resolve, reject) => {
		const request = client.request(
			{
				hostname: host,
				port: url.port || undefined,
				path: `${url.pathname}${url.search}`,
				method: 'GET',
				agent: false,
				signal,
				// the connection goes to the address checked above, never to a fresh DNS answer
				lookup: (_name, options, callback) =>
					(options as { all?: boolean }).all
						? (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [target])
						: (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family),
				...(net.isIP(host) ? {} : { servername: host }),
				headers: { 'user-agent': USER_AGENT, accept: opts.accept, 'accept-encoding': 'identity' },
			},
			(response) => {
				const status = response.statusCode ?? 0
				if (status >= 300 && status < 400 && response.headers.location) {
					response.resume()
					return resolve({ redirect: response.headers.location })
				}
				if (status !== 200) {
					response.resume()
					return reject(new FetchFailedError(`The server answered ${status}`))
				}
				const declared = Number(response.headers['content-length'] ?? 0)
				if (declared > opts.maxBytes) {
					request.destroy()
					return reject(new FetchFailedError('The file is too large'))
				}
				const chunks: Buffer[] = []
				let size = 0
				response.on('data', (chunk: Buffer) => {
					size += chunk.length
					if (size > opts.maxBytes) {
						request.destroy()
						reject(new FetchFailedError('The file is too large'))
					} else chunks.push(chunk)
				})
				response.on('end', () => resolve({ contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }))
				response.on('error', reject)
			},
		)
		request.on('error', reject)
		request.end()
	})
}

/** GETs a user-given URL under the rules above; refusals and failures are the two error classes. */
export async function guardedFetch(start: string | URL, opts: GuardedFetchOptions): Promise<FetchedBody> {
	let url: URL
	try {
		url = new URL(start)
	} catch {
		throw new FetchRefusedError('That is not a valid web address')
	}
	const signal = AbortSignal.timeout(opts.timeoutMs)
	try {
		for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
			const target = await resolveTarget(url)
			const answer = await requestOnce(url, target, opts, signal)
			if ('body' in answer) return { url, ...answer }
			url = new URL(answer.redirect, url)
		}
	} catch (error) {
		if (error instanceof FetchRefusedError || error instanceof FetchFailedError) throw error
		if (signal.aborted) throw new FetchFailedError('The server took too long to answer')
		throw new FetchFailedError(error instanceof Error ? error.message : 'The download failed')
	}
	throw new FetchFailedError('Too many redirects')
}

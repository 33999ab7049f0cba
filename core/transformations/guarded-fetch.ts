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

// Everything in IPv4 that is not the public internet: this network (0.0.0.0/8), private,
// loopback, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, IETF protocol
// assignments, documentation, the old 6to4 relay, benchmarking (198.18/15), multicast, and
// reserved space up to the broadcast address 255.255.255.255.
const notPublic4 = new net.BlockList()
for (const [subnet, prefix] of [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.0.2.0', 24],
	['192.88.99.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['198.51.100.0', 24],
	['203.0.113.0', 24],
	['224.0.0.0', 4],
	['240.0.0.0', 4],
] as const)
	notPublic4.addSubnet(subnet, prefix, 'ipv4')

// In IPv6 only global unicast (2000::/3) is the public internet. Listing what to allow rather than
// what to refuse keeps out, however they are written, the unspecified and loopback addresses, the
// IPv4-compatible (::/96), -mapped (::ffff:0:0/96) and -translated (::ffff:0:0:0/96) forms of any
// IPv4 address, local-use NAT64 (64:ff9b:1::/48), discard, unique local (fc00::/7), link-local
// (fe80::/10), the old site-local (fec0::/10) and multicast (ff00::/8). Each BlockList holds one
// family only: it also matches IPv4-mapped addresses against IPv4 rules.
const globalUnicast6 = new net.BlockList()
globalUnicast6.addSubnet('2000::', 3, 'ipv6')
// Inside global unicast: IETF protocol assignments, Teredo among them (2001::/23), and documentation.
const notPublic6 = new net.BlockList()
for (const [subnet, prefix] of [
	['2001::', 23],
	['2001:db8::', 32],
	['3fff::', 20],
] as const)
	notPublic6.addSubnet(subnet, prefix, 'ipv6')
// 6to4 (2002::/16) and well-known NAT64 (64:ff9b::/96) addresses are delivered to the IPv4 address
// they carry, so they are exactly as public as that address.
const sixToFour = new net.BlockList()
sixToFour.addSubnet('2002::', 16, 'ipv6')
const nat64 = new net.BlockList()
nat64.addSubnet('64:ff9b::', 96, 'ipv6')

const loopback4 = new net.BlockList()
loopback4.addSubnet('127.0.0.0', 8, 'ipv4')

/** The eight 16-bit groups of a valid IPv6 address, a trailing dotted IPv4 part included. */
function ipv6Groups(address: string) {
	const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address)
	const text = dotted
		? `${address.slice(0, dotted.index)}${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}`
		: address
	const [head, tail] = text.split('::')
	const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
	const left = groups(head)
	const right = groups(tail)
	return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/** The IPv4 address in two 16-bit groups, in dotted form. */
function ipv4FromGroups(high: number, low: number) {
	return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

/** The IPv4 address a 6to4 or NAT64 address delivers to, or null for other IPv6 addresses. */
function embeddedIPv4(address: string) {
	const groups = ipv6Groups(address)
	if (sixToFour.check(address, 'ipv6')) return ipv4FromGroups(groups[1], groups[2])
	if (nat64.check(address, 'ipv6')) return ipv4FromGroups(groups[6], groups[7])
	return null
}

function isPublicIPv6(address: string) {
	// a zone index only means something on a link-local address, and names one of our interfaces
	if (address.includes('%')) return false
	const embedded = embeddedIPv4(address)
	if (embedded) return !notPublic4.check(embedded, 'ipv4')
	return globalUnicast6.check(address, 'ipv6') && !notPublic6.check(address, 'ipv6')
}

/**
 * Whether an address (no brackets) is on the public internet. Callers pass the URL parser's
 * hostname, which already turned decimal, octal, hex and short IPv4 spellings into dotted form,
 * and every DNS answer, which is the address the connection is then made to.
 */
export function isPublicAddress(address: string) {
	const family = net.isIP(address)
	if (family === 4) return !notPublic4.check(address, 'ipv4')
	if (family === 6) return isPublicIPv6(address)
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
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw new FetchRefusedError('Only http and https addresses can be fetched')
	if (url.username || url.password)
		throw new FetchRefusedError('Addresses with a user name or password are not allowed')
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
		if (!isPublicAddress(address))
			throw new FetchRefusedError('That address points to a private network and is not allowed')
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
				response.on('end', () =>
					resolve({ contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }),
				)
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

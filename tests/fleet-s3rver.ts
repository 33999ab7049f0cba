/**
 * s3rver as a process of its own, for the fleet (tests/fleet.ts): `node --import tsx
 * tests/fleet-s3rver.ts <folder> <bucket> [port]` prints "s3rver on <url>" once it listens. Given
 * the port and folder of one stopped earlier, it serves the same objects at the same address.
 */
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'

// s3rver ships no type declarations; this is the slice of its API used here.
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverInstance

const [directory, bucket, port = '0'] = process.argv.slice(2)
const server = new S3rver({
	port: Number(port),
	address: '127.0.0.1',
	silent: true,
	directory,
	configureBuckets: [{ name: bucket }],
})
const address = await server.run()
console.log(`s3rver on http://127.0.0.1:${address.port}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
	process.on(signal, () => server.close().then(() => process.exit(0)))

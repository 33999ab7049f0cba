import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream } from 'node:stream/web'
import { CommandFailed } from '../output.ts'
import type { ApiClient } from './api-client.ts'

/**
 * One file from the API into `target`, resumable: the bytes go to `<target>.part`, which an
 * interrupted run leaves behind and the next run continues with a Range request. The server's ETag
 * is the SHA-256 of the whole file, so the joined file is checked before it takes its final name;
 * a file that changed in between (or a server that ignored the range) is fetched again whole.
 */
export async function downloadFile(api: ApiClient, route: string, target: string, signal?: AbortSignal) {
	const partial = `${target}.part`
	for (let attempt = 1; ; attempt++) {
		const have = (await fs.promises.stat(partial).catch(() => null))?.size ?? 0
		const response = await api.request('GET', route, {
			headers: have ? { Range: `bytes=${have}-` } : {},
			retry: true,
			accept: [416],
			signal,
		})
		if (response.status === 416) {
			// The part is as long as the file or longer: not this file's beginning after all.
			await response.body?.cancel()
			await fs.promises.rm(partial, { force: true })
			continue
		}
		const resumed = response.status === 206
		await pipeline(
			Readable.fromWeb(response.body as ReadableStream),
			fs.createWriteStream(partial, { flags: resumed ? 'a' : 'w' }),
		)
		const expected = response.headers.get('etag')?.replace(/^W\//, '').replaceAll('"', '')
		if (!expected || expected === (await sha256(partial))) {
			await fs.promises.rename(partial, target)
			return { size: (await fs.promises.stat(target)).size, resumed }
		}
		await fs.promises.rm(partial, { force: true })
		if (attempt >= 2) throw new CommandFailed(`${route} did not arrive whole twice: try again later`)
	}
}

async function sha256(file: string) {
	const hash = createHash('sha256')
	for await (const chunk of fs.createReadStream(file)) hash.update(chunk)
	return hash.digest('hex')
}

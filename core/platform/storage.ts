import { config } from './config.ts'
import { createStorage } from './storage/index.ts'
import type { Storage } from './storage/storage.ts'
import { patientStorage } from './storage/waiting-out-outages.ts'

let instance: Storage | undefined

/** The configured file storage: S3 when S3_BUCKET is set, the local folder otherwise; patient inside jobs (storage/waiting-out-outages.ts). */
export function storage(): Storage {
	return (instance ??= patientStorage(createStorage(config().storage)))
}

/** A stored object's bytes, or null when it is missing. */
export async function readBytes(key: string): Promise<Buffer | null> {
	const object = await storage().get(key)
	if (!object) return null
	const chunks: Buffer[] = []
	for await (const chunk of object.body) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks)
}

import { config } from './config.ts'
import { createStorage } from './storage/index.ts'
import type { Storage } from './storage/storage.ts'

let instance: Storage | undefined

/** The configured file storage: S3 when S3_BUCKET is set, the local folder otherwise. */
export function storage(): Storage {
	return (instance ??= createStorage(config().storage))
}

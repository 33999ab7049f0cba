import { createLocalStorage } from './local.ts'
import { createS3Storage, type S3StorageOptions } from './s3.ts'
import type { Storage } from './storage.ts'

export type { Storage, StoredObject } from './storage.ts'
export type { S3StorageOptions } from './s3.ts'

/** S3 when `s3` is given, otherwise files under the local folder `root`. */
export type StorageOptions = { s3: S3StorageOptions } | { root: string; s3?: undefined }

export function createStorage(options: StorageOptions): Storage {
	return options.s3 ? createS3Storage(options.s3) : createLocalStorage({ root: options.root })
}

import {
	DeleteObjectCommand,
	DeleteObjectsCommand,
	GetObjectCommand,
	HeadObjectCommand,
	NoSuchKey,
	NotFound,
	paginateListObjectsV2,
	S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { Readable } from 'node:stream'
import { assertValidKey, assertValidPrefix, DEFAULT_CONTENT_TYPE, type Storage } from './storage.ts'

export interface S3StorageOptions {
	bucket: string
	region: string
	/** For S3-compatible services (MinIO, R2, ...); omit for AWS. */
	endpoint?: string
	/** Without keys the SDK's default credential chain applies (env, profile, instance role). */
	accessKeyId?: string
	secretAccessKey?: string
	forcePathStyle?: boolean
}

export function createS3Storage(options: S3StorageOptions): Storage {
	const { bucket } = options
	const client = new S3Client({
		region: options.region,
		endpoint: options.endpoint,
		forcePathStyle: options.forcePathStyle,
		credentials:
			options.accessKeyId && options.secretAccessKey
				? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
				: undefined,
		// The SDK sends CRC checksums on every request by default, which several S3-compatible services
		// (older MinIO, Ceph, B2) reject; elsewhere, send them only where the API requires one.
		...(options.endpoint && {
			requestChecksumCalculation: 'WHEN_REQUIRED',
			responseChecksumValidation: 'WHEN_REQUIRED',
		}),
	})

	return {
		async put(key, body, { contentType }) {
			assertValidKey(key)
			let size = 0
			let bodyError: unknown
			async function* counted(source: Readable) {
				try {
					for await (const chunk of source) {
						size += (chunk as Buffer).length
						yield chunk as Buffer
					}
				} catch (err) {
					bodyError = err
					throw err
				}
			}
			// Upload picks a single PUT or a multipart upload by size, and aborts the multipart upload if the body errors.
			const upload = new Upload({
				client,
				params: {
					Bucket: bucket,
					Key: key,
					ContentType: contentType,
					Body: Buffer.isBuffer(body) ? body : Readable.from(counted(body)),
				},
			})
			try {
				await upload.done()
			} catch (err) {
				// A failing body is the real cause; Upload would otherwise report whatever went wrong while aborting.
				throw bodyError ?? err
			}
			return { key, size: Buffer.isBuffer(body) ? body.length : size, contentType }
		},

		async get(key) {
			assertValidKey(key)
			try {
				const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
				return {
					body: res.Body as Readable,
					size: res.ContentLength ?? 0,
					contentType: res.ContentType ?? DEFAULT_CONTENT_TYPE,
				}
			} catch (err) {
				if (err instanceof NoSuchKey) return null
				throw err
			}
		},

		async exists(key) {
			assertValidKey(key)
			try {
				await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
				return true
			} catch (err) {
				// HEAD has no error body, so a missing bucket looks the same; get() tells them apart.
				if (err instanceof NotFound) return false
				throw err
			}
		},

		async delete(key) {
			assertValidKey(key)
			await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
		},

		async deletePrefix(prefix) {
			assertValidPrefix(prefix)
			// A listing page holds at most 1000 keys, which is also DeleteObjects' limit.
			for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
				const objects = (page.Contents ?? []).map(({ Key }) => ({ Key }))
				if (objects.length === 0) continue
				const res = await client.send(
					new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }),
				)
				if (res.Errors?.length) {
					const [first] = res.Errors
					throw new Error(`S3 could not delete ${res.Errors.length} object(s), e.g. ${first.Key}: ${first.Message}`)
				}
			}
		},

		async signedUrl(key, ttlSeconds) {
			assertValidKey(key)
			return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: ttlSeconds })
		},
	}
}

import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { InputError } from '#core/errors.ts'
import { inspectImage } from '#core/studio/original-image.ts'
import { FetchFailedError, FetchRefusedError, guardedFetch } from './guarded-fetch.ts'
import { MAX_LISTING_IMAGES, TRANSFORM_MAX_BYTES } from './transformation.schema.ts'

const PAGE_MAX_BYTES = 2 * 1024 * 1024
const PAGE_TIMEOUT_MS = 10_000
const IMAGE_TIMEOUT_MS = 20_000
const OG_IMAGE = new Set(['og:image', 'og:image:url', 'og:image:secure_url'])

function attributes(tag: string) {
	const attrs: Record<string, string> = {}
	for (const m of tag.matchAll(/([^\s=/<>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g))
		attrs[m[1].toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? '')
			.replace(/&amp;/g, '&')
			.replace(/&#0*38;/g, '&')
			.trim()
	return attrs
}

/**
 * The listing's photos: og:image tags first (the photo the site itself chose), then img tags, in
 * page order, as absolute http(s) URLs without repeats, at most MAX_LISTING_IMAGES.
 */
export function imageUrlsFromHtml(html: string, page: URL) {
	const og: string[] = []
	const img: string[] = []
	for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
		const a = attributes(tag)
		if (OG_IMAGE.has((a.property ?? a.name ?? '').toLowerCase()) && a.content) og.push(a.content)
	}
	for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
		const a = attributes(tag)
		const src = a.src && !a.src.startsWith('data:') ? a.src : a['data-src']
		if (src) img.push(src)
	}
	const urls: string[] = []
	for (const raw of [...og, ...img]) {
		try {
			const url = new URL(raw, page)
			if ((url.protocol === 'http:' || url.protocol === 'https:') && !urls.includes(url.href)) urls.push(url.href)
		} catch {
			// not a URL: skip it
		}
		if (urls.length === MAX_LISTING_IMAGES) break
	}
	return urls
}

function listingError(message: string) {
	return new InputError({ propertyUrl: [message] })
}

/**
 * Fetches a listing page and up to `wanted` of its photos into temporary files, each passing the
 * same checks as an upload (10 MB, JPEG/PNG/WebP by header, 40 MP). Photos that fail are skipped;
 * none at all is bad input. The caller removes the files (`cleanup`).
 */
export async function downloadListingImages(pageUrl: string, wanted: number) {
	let page: Awaited<ReturnType<typeof guardedFetch>>
	try {
		page = await guardedFetch(pageUrl, {
			maxBytes: PAGE_MAX_BYTES,
			timeoutMs: PAGE_TIMEOUT_MS,
			accept: 'text/html,application/xhtml+xml',
		})
	} catch (error) {
		if (error instanceof FetchRefusedError) throw listingError(error.message)
		if (error instanceof FetchFailedError) throw listingError(`Could not load the listing page: ${error.message}`)
		throw error
	}
	const candidates = imageUrlsFromHtml(page.body.toString('utf8'), page.url)
	if (!candidates.length) throw listingError('No images were found on that listing page')

	const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rendo-listing-'))
	const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true })
	const files: string[] = []
	try {
		for (const candidate of candidates) {
			if (files.length === wanted) break
			try {
				const image = await guardedFetch(candidate, {
					maxBytes: TRANSFORM_MAX_BYTES,
					timeoutMs: IMAGE_TIMEOUT_MS,
					accept: 'image/*',
				})
				const file = path.join(dir, randomUUID())
				await fs.promises.writeFile(file, image.body)
				await inspectImage(file)
				files.push(file)
			} catch (error) {
				// one bad photo (refused, missing, not an image) does not spoil the listing
				if (!(error instanceof FetchRefusedError || error instanceof FetchFailedError || error instanceof InputError))
					throw error
			}
		}
	} catch (error) {
		await cleanup()
		throw error
	}
	if (!files.length) {
		await cleanup()
		throw listingError('None of the images on that listing page could be used')
	}
	return { files, cleanup }
}

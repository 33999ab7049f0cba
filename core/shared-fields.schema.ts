import { z } from 'zod'

/** Zod fields that several forms share. Browser-safe (zod-only): the forms check them before sending. */

/** Free text that may be left empty; empty becomes undefined. Without a message, zod's own is used. */
export const optionalText = (max: number, message?: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.optional()
		.transform((v) => v || undefined)

/** The message for a value that is not a web address (the spec gives none; zod's own says 'Invalid url'). */
export const WEB_URL_MESSAGE = 'Please enter a valid URL'

const WEB_SCHEME = /^https?:\/\//i

/** An absolute http(s) address, as the URL parser reads it. */
function parseWebUrl(value: string) {
	try {
		const url = new URL(value)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
	} catch {
		return null
	}
}

// A host as people type one: dot-separated labels ending in a letter-only top-level domain, or
// punycode (xn--). "localhost" or "ftp" alone is no address someone would put on a brochure.
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:[a-z]{2,}|xn--[a-z0-9-]+)$/i

/**
 * A web address someone may type without its scheme ("harbourhomes.co.uk"): it gains https://.
 * With one, it is kept as typed. Refused once, with one message, when it is neither.
 */
function toWebsite(value: string) {
	if (WEB_SCHEME.test(value)) return parseWebUrl(value) ? value : null
	const url = parseWebUrl(`https://${value}`)
	// "mailto:sam@x.com" would parse as https://mailto:sam@x.com: a bare address has no credentials.
	if (!url || url.username || url.password || !DOMAIN.test(url.hostname)) return null
	return `https://${value}`
}

const emptyToUndefined = (v: string | undefined) => v || undefined

// Only web addresses: the value becomes a link in brochures and e-mails, so no javascript: URLs.
// One refinement, so a refused value carries one message (a .url() check and a refine would add two).
export const optionalWebUrl = z
	.string()
	.trim()
	.refine((v) => v === '' || (WEB_SCHEME.test(v) && parseWebUrl(v) !== null), WEB_URL_MESSAGE)
	.optional()
	.transform(emptyToUndefined)

/** An agency's website: like optionalWebUrl, and a bare domain is stored with https:// before it. */
export const optionalWebsite = z
	.string()
	.trim()
	.transform((v, ctx) => {
		if (v === '') return v
		const website = toWebsite(v)
		if (website === null) {
			ctx.addIssue({ code: 'custom', message: WEB_URL_MESSAGE })
			return z.NEVER
		}
		return website
	})
	.optional()
	.transform(emptyToUndefined)

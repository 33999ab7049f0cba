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

// Only web addresses: the value becomes a link in brochures and e-mails, so no javascript: URLs.
export const optionalWebUrl = z
	.union([
		z.literal(''),
		z
			.string()
			.trim()
			.url('Please enter a valid URL')
			.refine((v) => /^https?:\/\//i.test(v), 'Please enter a valid URL'),
	])
	.optional()
	.transform((v) => v || undefined)

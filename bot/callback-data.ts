/**
 * Callback data is at most 64 bytes and comes back from the client untrusted: it only names
 * things (a batch, a photo, a variation) and every handler asks core whether the user owns them.
 * UUIDs travel as 22 base64url characters so two fit in one button.
 */

export function shortId(uuid: string) {
	return Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url')
}

/** The UUID a short id stands for, or the input unchanged when it is not one (core then says not found). */
export function fullId(short: string) {
	const hex = Buffer.from(short, 'base64url').toString('hex')
	if (hex.length !== 32) return short
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Matches `prefix:part:part...` and gives the parts. */
export function callbackPattern(prefix: string, parts: number) {
	return new RegExp(`^${prefix}${':([A-Za-z0-9_-]+)'.repeat(parts)}$`)
}

const BUTTON_TEXT_MAX = 48

/** A label that fits a button on a phone (addresses can be long). */
export function buttonText(text: string) {
	return text.length > BUTTON_TEXT_MAX ? `${text.slice(0, BUTTON_TEXT_MAX - 1)}…` : text
}

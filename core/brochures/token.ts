import { randomBytes } from 'node:crypto'

/** A brochure's public address: 128 random bits, so holding the link is the only way in. */
export function newBrochureToken() {
	return randomBytes(16).toString('hex')
}

/** Anything else in the URL is unknown, answered like any other unknown token. */
export function isBrochureToken(value: string) {
	return /^[0-9a-f]{32}$/.test(value)
}

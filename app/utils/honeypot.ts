/**
 * The hidden field people never see and naive bots fill in; remix-utils' HoneypotInputs renders it.
 * (Its server half needs crypto-js, which we do not install; an empty-field check is all we use.)
 */
export const HONEYPOT_FIELD = 'name__confirm'

export function filledHoneypot(fields: Record<string, unknown>) {
	const value = fields[HONEYPOT_FIELD]
	return typeof value === 'string' && value !== ''
}

/**
 * What every request must look like before any route sees it: text that PostgreSQL can store
 * (valid UTF-8, no NUL, which it refuses with an error that would otherwise be a 500), and forms,
 * not JSON, for the pages' actions (they read request.formData()).
 */
export const BAD_TEXT = 'Text must be valid UTF-8 and may not contain NUL characters'
export const FORMS_ONLY = 'Send this form as application/x-www-form-urlencoded or multipart/form-data'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** Machine doors whose senders are not ours to correct: their bodies are taken as they come. */
export const isWebhook = (path: string) =>
	/^\/(api\/stripe\/webhook|api\/staging\/webhook\/|telegram\/webhook\/)/.test(path)

const isPageAction = (method: string, path: string) =>
	method !== 'GET' &&
	method !== 'HEAD' &&
	!path.startsWith('/api/') &&
	!isWebhook(path) &&
	!/^\/(files|shared-images|staging-photos)\//.test(path)

/** Bodies the door reads whole to check their text (all of them small, body-limit.server.ts). */
export const isTextBody = (contentType: string | undefined) =>
	/^(application\/(json|x-www-form-urlencoded)|text\/)/i.test(contentType ?? '')

function hasBadText(text: string) {
	return text.includes('\u0000')
}

/** A URL whose percent-escapes are not UTF-8 or decode to NUL. */
export function hasBadUrlText(originalUrl: string) {
	try {
		return hasBadText(decodeURIComponent(originalUrl.replace(/\+/g, ' ')))
	} catch {
		return true
	}
}

/**
 * A text body that is not UTF-8 or carries a NUL: raw, escaped in JSON (\u0000) or in a form
 * (%00, or a percent-escape that is not UTF-8).
 */
export function hasBadBodyText(body: Buffer, contentType: string | undefined) {
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(body)
	} catch {
		return true
	}
	if (hasBadText(text)) return true
	if (/^application\/x-www-form-urlencoded/i.test(contentType ?? '')) return hasBadUrlText(text)
	return /\\u0000/i.test(text)
}

/** The refusal for a request no route should see, or null. */
export function shapeRefusal(req: {
	method: string
	path: string
	originalUrl: string
	headers: { 'content-type'?: string }
}) {
	if (!isWebhook(req.path) && hasBadUrlText(req.originalUrl))
		return Response.json({ message: BAD_TEXT }, { status: 400 })
	const type = (req.headers['content-type'] ?? '').toLowerCase()
	if (isPageAction(req.method, req.path) && type && !FORM_TYPES.some((form) => type.startsWith(form)))
		return Response.json({ message: FORMS_ONLY }, { status: 415 })
	return null
}

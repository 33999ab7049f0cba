import { randomBytes } from 'node:crypto'
import { config, type Config } from '#core/platform/config.ts'

/**
 * The headers every HTML document goes out with: no MIME sniffing, no framing by other sites,
 * the path and query kept from other sites' referrer logs, and a Content-Security-Policy.
 *
 * Remix writes inline scripts (the route data, the module entry, scroll restoration, streamed
 * data), so scripts are allowed by a per-request nonce, never by 'unsafe-inline': root.tsx puts
 * the nonce from useNonce() on <Scripts> and <ScrollRestoration>, entry.server hands it to
 * RemixServer and to React's renderer. Vite's dev server injects its own scripts, styles and a
 * socket, so development (NODE_ENV=development) gets the other headers but no CSP and no nonce.
 */

const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com']

type PolicyConfig = Pick<Config, 'env' | 'payments' | 'storage'>

/** A fresh nonce for one document, or undefined when no CSP is sent (development). */
export function createNonce(c: Pick<Config, 'env'> = config()) {
	return c.env === 'development' ? undefined : randomBytes(16).toString('base64')
}

/**
 * Where stored images are served from: /files/... redirects to a signed URL on the bucket when
 * storage is S3, path-style (endpoint/bucket/key) or virtual-hosted (bucket.endpoint/key).
 */
export function storageImageOrigins(storage: Config['storage']): string[] {
	if (!('s3' in storage) || !storage.s3) return []
	const { bucket, region, endpoint, forcePathStyle } = storage.s3
	const base = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`)
	const origins = [base.origin]
	if (!forcePathStyle) origins.push(`${base.protocol}//${bucket}.${base.host}`)
	return origins
}

export function contentSecurityPolicy(nonce: string, c: PolicyConfig = config()) {
	const stripe = c.payments.mode === 'stripe'
	const directives: Record<string, string[]> = {
		'default-src': ["'self'"],
		// Stripe.js is added by a script element at run time, so it is allowed by host, not by nonce.
		'script-src': ["'self'", `'nonce-${nonce}'`, ...(stripe ? STRIPE_JS : [])],
		// React renders style attributes (progress bars, brand previews): inline styles stay allowed.
		'style-src': ["'self'", "'unsafe-inline'"],
		// data: for small inlined assets, blob: for the previews of files picked for upload.
		'img-src': ["'self'", 'data:', 'blob:', ...storageImageOrigins(c.storage)],
		'font-src': ["'self'", 'data:'],
		'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
		// Stripe Elements and 3-D Secure run in Stripe's frames; nothing else is framed.
		'frame-src': stripe ? [...STRIPE_JS, 'https://hooks.stripe.com'] : ["'none'"],
		'object-src': ["'none'"],
		'base-uri': ["'self'"],
		'form-action': ["'self'"],
		'frame-ancestors': ["'none'"],
	}
	return Object.entries(directives)
		.map(([name, sources]) => `${name} ${sources.join(' ')}`)
		.join('; ')
}

/** Sets the document headers; the CSP only when there is a nonce (i.e. not in development). */
export function setDocumentSecurityHeaders(headers: Headers, nonce: string | undefined, c: PolicyConfig = config()) {
	headers.set('X-Content-Type-Options', 'nosniff')
	headers.set('X-Frame-Options', 'DENY')
	headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
	if (nonce) headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, c))
}

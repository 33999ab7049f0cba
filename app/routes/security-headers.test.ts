import { afterEach, describe, expect, test, vi } from 'vitest'
import { loadConfig } from '#core/platform/config.ts'
import { STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '#tests/mocks/stripe.ts'
import { requestPage } from '#tests/app-build.ts'

// config() is read once per process; the Stripe case swaps in a configuration parsed with keys.
const configured = vi.hoisted(() => ({ stripe: false }))
vi.mock('#core/platform/config.ts', async (importOriginal) => {
	const actual = await importOriginal<typeof import('#core/platform/config.ts')>()
	let withStripe: ReturnType<typeof actual.loadConfig> | undefined
	return {
		...actual,
		config: () =>
			configured.stripe
				? (withStripe ??= actual.loadConfig({
						...process.env,
						STRIPE_SECRET_KEY,
						STRIPE_WEBHOOK_SECRET,
						STRIPE_PUBLISHABLE_KEY,
					}))
				: actual.config(),
	}
})
afterEach(() => {
	configured.stripe = false
})

async function page(path: string) {
	const response = await requestPage(
		[{ id: 'routes/about', path: 'about', module: await import('./_marketing+/about.tsx') }],
		path,
	)
	return { response, html: await response.text() }
}

function directives(csp: string) {
	return new Map(
		csp
			.split(';')
			.map((d) => d.trim().split(/\s+/))
			.filter((parts) => parts[0])
			.map(([name, ...sources]) => [name, sources]),
	)
}

describe('HTML documents', () => {
	test('are not sniffed or framed, and allow only their own, nonce-bearing inline scripts', async () => {
		const { response, html } = await page('/about')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toMatch(/^text\/html/)
		expect(response.headers.get('x-content-type-options')).toBe('nosniff')
		expect(response.headers.get('x-frame-options')).toBe('DENY')
		expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')

		const csp = directives(response.headers.get('content-security-policy') ?? '')
		expect(csp.get('frame-ancestors')).toEqual(["'none'"])
		expect(csp.get('object-src')).toEqual(["'none'"])
		expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
		const scriptSrc = csp.get('script-src')!
		expect(scriptSrc).not.toContain("'unsafe-inline'")
		expect(scriptSrc).not.toContain("'unsafe-eval'")
		expect(scriptSrc.join(' ')).not.toContain('stripe')
		expect(csp.get('frame-src')).toEqual(["'none'"])
		expect(csp.get('connect-src')).toEqual(["'self'"])

		const nonces = scriptSrc.filter((s) => s.startsWith("'nonce-"))
		expect(nonces).toHaveLength(1)
		const nonce = nonces[0].slice("'nonce-".length, -1)
		expect(nonce.length).toBeGreaterThanOrEqual(16)
		// Remix's route data and module entry, scroll restoration: every script on the page carries it.
		const scripts = html.match(/<script\b[^>]*>/g) ?? []
		expect(scripts.length).toBeGreaterThanOrEqual(2)
		for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
	})

	test('get a fresh nonce each time', async () => {
		const first = (await page('/about')).response.headers.get('content-security-policy')
		const second = (await page('/about')).response.headers.get('content-security-policy')
		expect(first).toMatch(/'nonce-[^']+'/)
		expect(first).not.toBe(second)
	})

	test('with Stripe configured, allow Stripe.js, its frames and its API', async () => {
		configured.stripe = true
		const { response } = await page('/about')
		const csp = directives(response.headers.get('content-security-policy') ?? '')
		expect(csp.get('script-src')).toContain('https://js.stripe.com')
		expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
		expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']))
		expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com'])
		expect(csp.get('frame-ancestors')).toEqual(["'none'"])
	})
})

test('with S3 storage, images may come from the bucket the /files redirects point to; development sends no CSP', async () => {
	const { contentSecurityPolicy, createNonce } = await import('#app/utils/security-headers.server.ts')
	const s3 = loadConfig({ S3_BUCKET: 'rendo-files', S3_REGION: 'eu-west-2' })
	expect(directives(contentSecurityPolicy('n', s3)).get('img-src')).toEqual([
		"'self'",
		'data:',
		'blob:',
		'https://s3.eu-west-2.amazonaws.com',
		'https://rendo-files.s3.eu-west-2.amazonaws.com',
	])
	const minio = loadConfig({ S3_BUCKET: 'rendo', S3_ENDPOINT: 'http://localhost:9000', S3_FORCE_PATH_STYLE: 'true' })
	expect(directives(contentSecurityPolicy('n', minio)).get('img-src')).toContain('http://localhost:9000')
	expect(createNonce(loadConfig({ NODE_ENV: 'development' }))).toBeUndefined()
})

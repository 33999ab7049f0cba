import { createHmac } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { stagingRenders } from '#db/schema/staging.ts'
import { config } from '#core/platform/config.ts'
import { db, pool } from '#core/platform/db.ts'
import { localSecrets } from '#core/platform/secrets.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'
import { sameSecret } from '#core/telegram/webhook-secrets.ts'

/** Where the web takes a staging vendor's webhooks; the last segment is secret. */
export const STAGING_WEBHOOK_PATH = '/api/staging/webhook'

// Derived from the session secret: one per deployment, nothing more to configure.
function webhookSecret() {
	const secret = config().sessionSecrets?.[0] ?? localSecrets(config().dataDir).sessionSecret
	return createHmac('sha256', secret).update('rendo:staging-webhook').digest('base64url').slice(0, 32)
}

/** APP_URL without its trailing slash when it is a public https address a vendor can call, else undefined. */
export function publicAppUrl(): string | undefined {
	const { appUrl } = config()
	const url = new URL(appUrl)
	if (url.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return undefined
	return appUrl.replace(/\/+$/, '')
}

/** The webhook address a vendor is given, only at a public https address; polling works without it. */
export function webhookUrl(): string | undefined {
	const base = publicAppUrl()
	return base ? `${base}${STAGING_WEBHOOK_PATH}/${webhookSecret()}` : undefined
}

export function isStagingWebhookSecret(given: string) {
	return sameSecret(given, webhookSecret())
}

/**
 * A webhook is only a hint that a render moved: it wakes the waiting look at that render now
 * (the next step fetches the render by its id before it stores anything). A job that is running
 * is left alone; unknown ids change nothing. Answers how many requests were woken.
 */
export async function wakeStagingRender(providerRenderId: string) {
	const rows = await db
		.select({ id: stagingRenders.id })
		.from(stagingRenders)
		.where(and(eq(stagingRenders.providerRenderId, providerRenderId), eq(stagingRenders.state, 'submitted')))
	if (!rows.length) return 0
	await pool.query(
		`select graphile_worker.reschedule_jobs(
			array(select id from graphile_worker.jobs where key = any($1::text[]) and locked_at is null),
			run_at => now()
		)`,
		[rows.map((row) => `stage:${row.id}`)],
	)
	return rows.length
}

/** A vendor's webhook body: wakes the render it names, if the configured vendor has webhooks. */
export async function stagingWebhook(body: unknown) {
	const provider = stagingProvider()
	const providerRenderId = provider.kind === 'deferred' ? provider.webhookRenderId(body) : undefined
	return providerRenderId ? wakeStagingRender(providerRenderId) : 0
}

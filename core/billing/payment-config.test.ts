import { expect, test } from 'vitest'
import { ConfigError, loadConfig } from '#core/platform/config.ts'

test('no Stripe key means invoice mode; a key needs its webhook secret and publishable key', () => {
	expect(loadConfig({}).payments).toEqual({ mode: 'invoice' })
	expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError)
	expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
		'STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set',
	)
	expect(
		loadConfig({
			STRIPE_SECRET_KEY: 'sk_test_x',
			STRIPE_WEBHOOK_SECRET: 'whsec_x',
			STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
		}).payments,
	).toEqual({
		mode: 'stripe',
		secretKey: 'sk_test_x',
		webhookSecret: 'whsec_x',
		publishableKey: 'pk_test_x',
	})
})

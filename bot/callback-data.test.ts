import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { webhookSecrets } from '#core/telegram/webhook-secrets.ts'
import { callbackPattern, fullId, shortId } from './callback-data.ts'

describe('callback data', () => {
	test('two UUIDs and a prefix fit in Telegram’s 64 bytes and come back unchanged', () => {
		const [a, b] = [randomUUID(), randomUUID()]
		const data = `pp:${shortId(a)}:${shortId(b)}`
		expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64)
		const [, x, y] = callbackPattern('pp', 2).exec(data)!
		expect([fullId(x), fullId(y)]).toEqual([a, b])
	})

	test('anything that is not a short id stays as it is, for core to refuse', () => {
		expect(fullId('not-an-id')).toBe('not-an-id')
		expect(callbackPattern('fv', 1).test('fv:a b')).toBe(false)
	})

	test('the webhook secrets use only the characters Telegram allows, and change with the token', () => {
		const one = webhookSecrets('1:one')
		expect(one.header).toMatch(/^[A-Za-z0-9_-]{1,256}$/)
		expect(one.path).toMatch(/^[A-Za-z0-9_-]{32}$/)
		expect(webhookSecrets('2:two').path).not.toBe(one.path)
	})
})

import { expect, test } from 'vitest'
import { InputError } from '#core/errors.ts'
import { serverUrl } from './api-client.ts'

test('a token goes over https, or plain http to this machine, or elsewhere only with --insecure', () => {
	expect(serverUrl('https://rendo.example/some/path')).toBe('https://rendo.example')
	expect(serverUrl('http://localhost:3000')).toBe('http://localhost:3000')
	expect(serverUrl('http://127.0.0.7:8080')).toBe('http://127.0.0.7:8080')
	expect(serverUrl('http://[::1]:3000')).toBe('http://[::1]:3000')
	expect(() => serverUrl('http://rendo.example')).toThrow(/plain http: the token would cross the network readable/)
	expect(() => serverUrl('http://127.0.0.1.rendo.example')).toThrow(InputError)
	expect(serverUrl('http://rendo.lan', { insecure: true })).toBe('http://rendo.lan')
	expect(() => serverUrl('ftp://rendo.example')).toThrow(/starts with https/)
	expect(() => serverUrl('rendo.example')).toThrow(/is not an address like/)
})

import { expect, test } from 'vitest'
import { isCrossOrigin } from './request.server.ts'

const request = (method: string, origin?: string) => ({ method, origin })

test('mutations from another origin are cross-origin; reads and same-origin posts are not', () => {
	expect(isCrossOrigin(request('POST', 'https://evil.example'), 'rendo.example')).toBe(true)
	expect(isCrossOrigin(request('POST', 'null'), 'rendo.example')).toBe(true)
	expect(isCrossOrigin(request('DELETE', 'http://rendo.example:8080'), 'rendo.example')).toBe(true)
	expect(isCrossOrigin(request('POST', 'https://rendo.example'), 'rendo.example')).toBe(false)
	expect(isCrossOrigin(request('POST'), 'rendo.example')).toBe(false)
	expect(isCrossOrigin(request('GET', 'https://evil.example'), 'rendo.example')).toBe(false)
})

import { expect, test } from 'vitest'
import { onlySearchParamsChanged, withSearchParam } from './search-params.ts'

test('one parameter changes, the others stay', () => {
	expect(withSearchParam('?status=open', 'ticket', 'abc')).toBe('?status=open&ticket=abc')
	expect(withSearchParam('?status=open&ticket=abc', 'ticket', null)).toBe('?status=open')
	expect(withSearchParam('?ticket=abc', 'ticket', null)).toBe('?')
})

test('a view-only change is told apart from a new query', () => {
	const url = (search: string) => new URL(`http://localhost/devops-dashboard${search}`)
	expect(onlySearchParamsChanged(url('?status=open'), url('?status=open&ticket=1'), ['ticket'])).toBe(true)
	expect(onlySearchParamsChanged(url('?status=open'), url('?status=closed&ticket=1'), ['ticket'])).toBe(false)
	// the same address again is a revalidation, not a change of view
	expect(onlySearchParamsChanged(url('?ticket=1'), url('?ticket=1'), ['ticket'])).toBe(false)
	expect(onlySearchParamsChanged(url('?tab=x'), new URL('http://localhost/rendo-ops?tab=y'), ['tab'])).toBe(false)
})

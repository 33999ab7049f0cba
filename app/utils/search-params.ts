import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * Page state kept in the URL (a tab, a filter, an open dialog) so it works without JavaScript
 * and survives a reload: links and forms change one parameter and keep the others.
 */

/** `search` with `param` set to `value`, or removed when null; '?' when nothing is left. */
export function withSearchParam(search: string, param: string, value: string | null) {
	const params = new URLSearchParams(search)
	if (value === null) params.delete(param)
	else params.set(param, value)
	const query = params.toString()
	return query ? `?${query}` : '?'
}

function without(search: string, params: string[]) {
	const rest = new URLSearchParams(search)
	for (const param of params) rest.delete(param)
	return rest.toString()
}

/**
 * True when going from one URL to the next changes only some of `params` on the same page: a
 * route's `shouldRevalidate` uses it to keep its data when only a view of it (a tab, a filter
 * applied in the browser, a dialog) changes.
 */
export function onlySearchParamsChanged(currentUrl: URL, nextUrl: URL, params: string[]) {
	if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return false
	return without(currentUrl.search, params) === without(nextUrl.search, params)
}

/** A route's `shouldRevalidate` that keeps its data when a link changes only these view parameters. */
export function keepDataWhenOnlyChanging(...params: string[]): ShouldRevalidateFunction {
	return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
		!formMethod && onlySearchParamsChanged(currentUrl, nextUrl, params) ? false : defaultShouldRevalidate
}

import { useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { usePolling } from './use-polling.ts'

/**
 * Reloads the page's data (its loader) every `intervalMs` while `enabled`, so progress and new
 * variations show up live. A phone that has lost its connection is told, rather than polled.
 */
export function useLiveRefresh(intervalMs: number, enabled: boolean) {
	const revalidator = useRevalidator()
	const [offline, setOffline] = useState(false)
	const refresh = () => {
		const online = navigator.onLine
		setOffline(!online)
		if (online && revalidator.state === 'idle') revalidator.revalidate()
	}
	usePolling(refresh, intervalMs, enabled, { immediate: false })
	return { offline, retry: refresh }
}

import { useEffect, useRef } from 'react'

/**
 * Calls `refresh` every `intervalMs` (not at once: the loader just delivered fresh data), skipping
 * while the tab is hidden and catching up when it is shown again. A slow call is never stacked.
 */
export function useRefresh(refresh: () => Promise<unknown>, intervalMs: number) {
	const latest = useRef(refresh)
	latest.current = refresh

	useEffect(() => {
		let running = false
		let missed = false
		async function tick() {
			if (document.visibilityState === 'hidden') {
				missed = true
				return
			}
			if (running) return
			running = true
			try {
				await latest.current()
			} catch {
				// the caller shows its own error state; the next tick tries again
			} finally {
				running = false
			}
		}
		function onVisible() {
			if (document.visibilityState === 'visible' && missed) {
				missed = false
				void tick()
			}
		}
		const timer = setInterval(tick, intervalMs)
		document.addEventListener('visibilitychange', onVisible)
		return () => {
			clearInterval(timer)
			document.removeEventListener('visibilitychange', onVisible)
		}
	}, [intervalMs])
}

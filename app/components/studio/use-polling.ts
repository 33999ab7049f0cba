import { useEffect, useRef } from 'react'

/**
 * Calls `poll` now and then every `intervalMs` while `enabled`, stopping on unmount; with
 * `immediate: false` the first call waits an interval too (a loader just delivered fresh data).
 * The next call is scheduled after the previous one settles, so a slow network never stacks
 * requests; a hidden tab (phone in a pocket) waits until it is visible again.
 */
export function usePolling(
	poll: () => Promise<unknown> | unknown,
	intervalMs: number,
	enabled: boolean,
	{ immediate = true }: { immediate?: boolean } = {},
) {
	const latest = useRef(poll)
	latest.current = poll

	useEffect(() => {
		if (!enabled) return
		let stopped = false
		let running = false
		let timer: ReturnType<typeof setTimeout> | undefined

		async function tick() {
			timer = undefined
			if (stopped || running) return
			if (document.visibilityState === 'hidden') return // resumed by the visibility listener
			running = true
			try {
				await latest.current()
			} catch {
				// the caller shows its own error; polling carries on so a blip heals itself
			} finally {
				running = false
			}
			if (!stopped) timer = setTimeout(tick, intervalMs)
		}

		function onVisible() {
			if (document.visibilityState === 'visible' && timer === undefined) void tick()
		}

		if (immediate) void tick()
		else timer = setTimeout(tick, intervalMs)
		document.addEventListener('visibilitychange', onVisible)
		return () => {
			stopped = true
			if (timer) clearTimeout(timer)
			document.removeEventListener('visibilitychange', onVisible)
		}
	}, [intervalMs, enabled, immediate])
}

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'

/** The spec's interval. */
export const CAROUSEL_INTERVAL_MS = 2500
/** A horizontal drag longer than this is a swipe. */
const SWIPE_PX = 50

/**
 * A carousel's position that advances by itself every `intervalMs` until the user interacts with it
 * in any way (a button, a key, a swipe, focus), and then never again on this page: content that
 * moves while someone reads or aims at it is the problem auto-advance must not cause. People who ask
 * for reduced motion get no auto-advance at all.
 */
export function useCarousel(count: number, intervalMs = CAROUSEL_INTERVAL_MS) {
	const [index, setIndex] = useState(0)
	const [playing, setPlaying] = useState(true)

	useEffect(() => {
		if (!playing) return
		if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return setPlaying(false)
		const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs)
		return () => clearInterval(timer)
	}, [playing, count, intervalMs])

	const stop = useCallback(() => setPlaying(false), [])
	const goTo = useCallback(
		(next: number) => {
			setPlaying(false)
			setIndex(((next % count) + count) % count)
		},
		[count],
	)

	const swipeStart = useRef<{ x: number; y: number } | null>(null)
	const handlers = {
		onFocus: stop,
		onPointerDown(event: PointerEvent) {
			stop()
			swipeStart.current = { x: event.clientX, y: event.clientY }
		},
		onPointerUp(event: PointerEvent) {
			const start = swipeStart.current
			swipeStart.current = null
			if (!start) return
			const dx = event.clientX - start.x
			// Mostly sideways, and far enough: a vertical scroll that drifts is not a swipe.
			if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return
			goTo(dx < 0 ? index + 1 : index - 1)
		},
		onPointerCancel() {
			swipeStart.current = null
		},
		onKeyDown(event: KeyboardEvent) {
			const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 }[event.key]
			if (target === undefined) return
			event.preventDefault()
			goTo(target)
		},
	}

	return { index, playing, stop, goTo, handlers }
}

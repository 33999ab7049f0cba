/** Runs at most `slots` tasks at once; the rest wait in order. Keeps memory-heavy work bounded. */
export function createLimiter(slots: number) {
	let running = 0
	const waiting: Array<() => void> = []
	return async function limit<T>(task: () => Promise<T>): Promise<T> {
		if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve))
		running++
		try {
			return await task()
		} finally {
			running--
			waiting.shift()?.()
		}
	}
}

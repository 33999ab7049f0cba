/**
 * Polls `check` every `everyMs` until it answers, and returns what it answered. On timeout the error
 * says what was awaited, with `explain()` when given: what a failed run needs to be read.
 */
export async function until<T>(
	what: string,
	check: () => Promise<T | false | undefined>,
	timeoutMs: number,
	{ explain, everyMs = 50 }: { explain?: () => Promise<string>; everyMs?: number } = {},
): Promise<T> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const value = await check()
		if (value) return value
		if (Date.now() > deadline) {
			const state = explain ? `; ${await explain()}` : ''
			throw new Error(`timed out waiting for ${what}${state}`)
		}
		await sleep(everyMs)
	}
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** What the express server hands every loader and action. */
export interface AppLoadContext {
	clientAddress: string
}

export function clientAddress(context: unknown) {
	return (context as Partial<AppLoadContext> | undefined)?.clientAddress ?? 'unknown'
}

/**
 * Mutating requests must come from our own pages. Cookies are SameSite=Lax, and this also stops
 * cross-site fetches with credentials and forms posted from other origins.
 */
export function isCrossOrigin({ method, origin }: { method: string; origin: string | undefined }, host: string | undefined) {
	if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false
	if (!origin || origin === 'null') return origin === 'null'
	try {
		return new URL(origin).host !== host
	} catch {
		return true
	}
}

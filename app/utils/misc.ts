import { useFormAction, useNavigation } from '@remix-run/react'

export function combineHeaders(...headers: Array<ResponseInit['headers'] | null | undefined>) {
	const combined = new Headers()
	for (const header of headers) {
		if (!header) continue
		for (const [key, value] of new Headers(header).entries()) combined.append(key, value)
	}
	return combined
}

/** True while this route's form is submitting (or a given action/method), for busy buttons. */
export function useIsPending({ formAction, formMethod = 'POST' }: { formAction?: string; formMethod?: string } = {}) {
	const contextualFormAction = useFormAction()
	const navigation = useNavigation()
	return (
		navigation.state !== 'idle' &&
		navigation.formAction === (formAction ?? contextualFormAction) &&
		navigation.formMethod === formMethod
	)
}

/** Greeting name: first name, else a name derived from the username, else 'there'. */
export function displayName(user: { firstName?: string | null; username?: string | null } | null | undefined) {
	const first = user?.firstName?.trim()
	if (first) return first
	const fromUsername = user?.username?.split('@')[0]?.split(/[._\-\s]+/)[0]
	if (fromUsername) return fromUsername.charAt(0).toUpperCase() + fromUsername.slice(1)
	return 'there'
}

/**
 * `fetchpriority="high"`, spread onto an `<img>` or a preload descriptor. React 18 does not know the
 * attribute: spelt `fetchPriority` it warns, spelt lower-case its types refuse it (React 19 knows it).
 */
export const HIGH_FETCH_PRIORITY = { fetchpriority: 'high' } as object

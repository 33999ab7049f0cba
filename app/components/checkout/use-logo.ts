import { useCallback, useEffect, useState } from 'react'
import { fetchLogo, type LogoState } from './checkout-api.ts'

export type LogoStatus = ({ state: 'loading' } | { state: 'error' } | { state: 'ready'; logo: LogoState }) & {
	retry: () => void
}

/** The account's logo (GET /api/user/logo), fetched when checkout opens and replaced after an upload. */
export function useLogo() {
	const [status, setStatus] = useState<{ state: 'loading' } | { state: 'error' } | { state: 'ready'; logo: LogoState }>(
		{ state: 'loading' },
	)
	const [round, setRound] = useState(0)
	useEffect(() => {
		let cancelled = false
		setStatus({ state: 'loading' })
		fetchLogo().then(
			(logo) => !cancelled && setStatus({ state: 'ready', logo }),
			() => !cancelled && setStatus({ state: 'error' }),
		)
		return () => {
			cancelled = true
		}
	}, [round])
	const retry = useCallback(() => setRound((r) => r + 1), [])
	const replace = useCallback((logo: LogoState) => setStatus({ state: 'ready', logo }), [])
	return { status: { ...status, retry } as LogoStatus, replace }
}

import { useState } from 'react'
import type { PioneerStatus } from '#app/components/site-header.tsx'
import { usePolling } from '#app/components/studio/use-polling.ts'
import { useRootData } from '#app/root.tsx'

/** The spec's polling interval for GET /api/pioneer-status. */
export const PIONEER_POLL_MS = 30_000

const INACTIVE: PioneerStatus = { isPioneerProgramActive: false, pioneerSpotsRemaining: 0 }

/**
 * The pioneer program's spots left: the page's first render uses the root loader's figure, then
 * the API is asked every 30 s, so a spot taken while the page is open shows up here.
 */
export function usePioneerStatus(): PioneerStatus {
	const initial = useRootData()?.pioneer
	const [status, setStatus] = useState(initial ?? INACTIVE)
	usePolling(
		async () => {
			const response = await fetch('/api/pioneer-status', { credentials: 'include' })
			if (response.ok) setStatus((await response.json()) as PioneerStatus)
		},
		PIONEER_POLL_MS,
		true,
	)
	return status
}

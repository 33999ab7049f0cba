import { expect } from 'vitest'
import { resolveOriginalsToken } from '#core/disclosure/originals-address.ts'

/** What an originals address opens: the page its token resolves to, and the image's anchor after it. */
export async function whatOpens(url: string | null | undefined) {
	const match = /\/o\/([^/#\s]+)(?:#(\S+))?$/.exec(url ?? '')
	return { page: match ? await resolveOriginalsToken(match[1]) : null, anchor: match?.[2] }
}

/** The live page of a project, as whatOpens finds it. */
export const livePageOf = (projectId: string, token: unknown = expect.any(String)) => ({
	state: 'live',
	projectId,
	token,
})

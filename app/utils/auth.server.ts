import { redirect } from '@remix-run/node'
import { anonymousActor, userActor, type Actor } from '#core/accounts/actor.ts'
import { createSession, deleteSession, findSessionUser } from '#core/accounts/sessions.ts'
import { config } from '#core/platform/config.ts'
import { bearerUser, isApiRequest } from './access-token.server.ts'
import { authSessionStorage } from './session.server.ts'

async function readSessionId(request: Request) {
	const session = await authSessionStorage.getSession(request.headers.get('cookie'))
	return session.get('sessionId') ?? null
}

/**
 * The signed-in user row and its actor, or null. Every route finds its actor here, so this is the
 * one place a personal access token is read: on the JSON API (`/api/…`) an Authorization header
 * decides instead of the cookie, and a bad token is answered at once (access-token.server.ts);
 * pages and their forms read only the cookie, whatever headers come with them.
 */
export async function getSessionUser(request: Request) {
	if (isApiRequest(request)) {
		const bearer = await bearerUser(request)
		if (bearer) return bearer
	}
	const sessionId = await readSessionId(request)
	if (!sessionId) return null
	const user = await findSessionUser(sessionId)
	return user ? { user, actor: userActor(user, config().ceoEmail) } : null
}

export async function getActor(request: Request): Promise<Actor> {
	return (await getSessionUser(request))?.actor ?? anonymousActor
}

function loginRedirect(request: Request) {
	const { pathname, search } = new URL(request.url)
	return redirect(`/login?${new URLSearchParams({ redirectTo: pathname + search })}`)
}

/** For pages: the signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireSessionUser(request: Request) {
	const found = await getSessionUser(request)
	if (!found) throw loginRedirect(request)
	return found
}

export async function requireAnonymous(request: Request) {
	if (await getSessionUser(request)) throw redirect('/dashboard')
}

/** Creates the session row and returns the Set-Cookie header that carries its id. */
export async function commitLogin(userId: string) {
	const row = await createSession(userId)
	const session = await authSessionStorage.getSession()
	session.set('sessionId', row.id)
	return new Headers({ 'set-cookie': await authSessionStorage.commitSession(session, { expires: row.expiresAt }) })
}

export async function commitLogout(request: Request) {
	const session = await authSessionStorage.getSession(request.headers.get('cookie'))
	const sessionId = session.get('sessionId')
	if (sessionId) await deleteSession(sessionId)
	return new Headers({ 'set-cookie': await authSessionStorage.destroySession(session) })
}

// A base that can never be ours: whatever resolves to another origin is somewhere else.
const SAME_SITE = 'http://same-site.invalid'

/**
 * Only same-site paths: an open redirect through ?redirectTo= would send users anywhere. The path
 * is judged as a browser reads a Location: tabs and newlines dropped, backslashes taken for
 * slashes (`/\t/evil.example` is `//evil.example`), so it is resolved by the WHATWG URL parser and
 * must stay on this origin; what is sent on is the parser's own normalised path.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/dashboard') {
	if (typeof to !== 'string' || !to.startsWith('/')) return fallback
	let url: URL
	try {
		url = new URL(to, SAME_SITE)
	} catch {
		return fallback
	}
	return url.origin === SAME_SITE ? `${url.pathname}${url.search}${url.hash}` : fallback
}

/** Where a user lands after signing in: the CEO goes to operations, everyone else to the dashboard. */
export function homeFor(actor: Actor) {
	return actor.kind === 'user' && actor.isCeo ? '/rendo-ops' : '/dashboard'
}

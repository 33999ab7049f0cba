import { ForbiddenError, UnauthenticatedError } from '#core/errors.ts'

/**
 * What a personal access token may do, each including the one before: `read` lists and downloads,
 * `write` also creates projects, uploads, processes and imports, `staff` also works tickets and
 * operations (staff accounts only). A session (cookie, Telegram link, the CLI on the server) has
 * no scope: everything its account may.
 */
export const TOKEN_SCOPES = ['read', 'write', 'staff'] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]

/** Who is asking. Every core service takes one and decides for itself. */
export type Actor =
	| {
			kind: 'user'
			userId: string
			role: string
			email: string
			isAdmin: boolean
			isCeo: boolean
			/** Set when the request came with a personal access token: the most it may do. */
			scope?: TokenScope
			tokenId?: string
	  }
	| { kind: 'system' }
	| { kind: 'anonymous' }

export type RoleLabel = 'Admin' | 'CEO' | 'Agent'

export const systemActor: Actor = { kind: 'system' }
export const anonymousActor: Actor = { kind: 'anonymous' }

/**
 * The CEO is one account, named by e-mail in the configuration, and an admin: admins are made
 * only from the command line (`rendo users create-admin`), so whoever signs up with that address
 * on the public forms gets nothing (and the forms refuse it, register.ts).
 */
export function userActor(user: { id: string; role: string; email: string }, ceoEmail: string | undefined): Actor {
	return {
		kind: 'user',
		userId: user.id,
		role: user.role,
		email: user.email,
		isAdmin: user.role === 'admin',
		isCeo: !!ceoEmail && user.role === 'admin' && user.email.toLowerCase() === ceoEmail,
	}
}

/** `to` limited to the access token `from` came with, if any (an operator working as a project's owner). */
export function withScopeOf(from: Actor, to: Actor): Actor {
	if (from.kind !== 'user' || !from.scope || to.kind !== 'user') return to
	return { ...to, scope: from.scope, tokenId: from.tokenId }
}

export function roleLabel(actor: Actor): RoleLabel | null {
	if (actor.kind !== 'user') return null
	if (actor.isCeo) return 'CEO'
	return actor.isAdmin ? 'Admin' : 'Agent'
}

export type Permission =
	| 'use:studio'
	| 'view:agent-dashboard'
	| 'view:admin-dashboard'
	| 'view:ops'
	| 'manage:tickets'
	| 'manage:users'
	| 'remove:disclosure'

/** The token scope each permission needs; a session needs none. */
const PERMISSION_SCOPE: Record<Permission, TokenScope> = {
	'use:studio': 'read',
	'view:agent-dashboard': 'read',
	'view:admin-dashboard': 'staff',
	'view:ops': 'staff',
	'manage:tickets': 'staff',
	'manage:users': 'staff',
	'remove:disclosure': 'staff',
}

/** Whether the actor's token (if any) reaches `need`; anyone without a token does. */
export function hasScope(actor: Actor, need: TokenScope): boolean {
	if (actor.kind !== 'user' || !actor.scope) return true
	return TOKEN_SCOPES.indexOf(actor.scope) >= TOKEN_SCOPES.indexOf(need)
}

export function scopeMessage(need: TokenScope) {
	return `This access token's scope is too small: this needs the ${need} scope`
}

/** A 403 that names the scope needed, for an actor whose token does not reach it. */
export class InsufficientScopeError extends ForbiddenError {
	constructor(public need: TokenScope) {
		super(scopeMessage(need))
	}
}

export function requireScope(actor: Actor, need: TokenScope) {
	if (!hasScope(actor, need)) throw new InsufficientScopeError(need)
}

/** Pure, so the UI can hide what the server would refuse anyway. */
export function can(actor: Actor, permission: Permission): boolean {
	return roleCan(actor, permission) && hasScope(actor, PERMISSION_SCOPE[permission])
}

function roleCan(actor: Actor, permission: Permission): boolean {
	if (actor.kind === 'system') return true
	if (actor.kind !== 'user') return false
	switch (permission) {
		case 'use:studio':
			return true
		case 'view:agent-dashboard':
			return !actor.isCeo
		case 'view:admin-dashboard':
			return actor.isAdmin && !actor.isCeo
		case 'view:ops':
			return actor.isCeo || actor.isAdmin
		case 'manage:tickets':
		case 'manage:users':
		case 'remove:disclosure':
			return actor.isAdmin || actor.isCeo
	}
}

/**
 * A signed-in user whose token (if any) reaches `need`. Writing is the default, so a service
 * that only reads says so, and one that forgets refuses a read-only token rather than obey it.
 */
export function requireUser(actor: Actor, need: TokenScope = 'write'): Extract<Actor, { kind: 'user' }> {
	if (actor.kind !== 'user') throw new UnauthenticatedError()
	requireScope(actor, need)
	return actor
}

export function assertCan(actor: Actor, permission: Permission) {
	if (actor.kind === 'anonymous') throw new UnauthenticatedError()
	if (!roleCan(actor, permission)) throw new ForbiddenError()
	requireScope(actor, PERMISSION_SCOPE[permission])
}

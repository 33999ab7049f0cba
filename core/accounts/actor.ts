import { ForbiddenError, UnauthenticatedError } from '#core/errors.ts'

/** Who is asking. Every core service takes one and decides for itself. */
export type Actor =
	| { kind: 'user'; userId: string; role: string; email: string; isAdmin: boolean; isCeo: boolean }
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

/** Pure, so the UI can hide what the server would refuse anyway. */
export function can(actor: Actor, permission: Permission): boolean {
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

export function requireUser(actor: Actor): Extract<Actor, { kind: 'user' }> {
	if (actor.kind !== 'user') throw new UnauthenticatedError()
	return actor
}

export function assertCan(actor: Actor, permission: Permission) {
	if (actor.kind === 'anonymous') throw new UnauthenticatedError()
	if (!can(actor, permission)) throw new ForbiddenError()
}

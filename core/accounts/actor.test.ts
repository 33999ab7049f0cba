import { expect, test } from 'vitest'
import { ForbiddenError, UnauthenticatedError } from '#core/errors.ts'
import { anonymousActor, assertCan, can, roleLabel, systemActor, userActor, type Permission } from './actor.ts'

const CEO = 'ceo@rendo.test'
const agent = userActor({ id: 'a', role: 'agent', email: 'agent@example.com' }, CEO)
const plainUser = userActor({ id: 'u', role: 'user', email: 'user@example.com' }, CEO)
const admin = userActor({ id: 'b', role: 'admin', email: 'admin@example.com' }, CEO)
const ceo = userActor({ id: 'c', role: 'admin', email: 'CEO@Rendo.Test' }, CEO)

test('roles: admin by role, the CEO the admin at the configured e-mail (any case), everyone else an agent', () => {
	expect([agent, plainUser, admin, ceo].map(roleLabel)).toEqual(['Agent', 'Agent', 'Admin', 'CEO'])
	expect(roleLabel(anonymousActor)).toBeNull()
	expect(userActor({ id: 'c', role: 'admin', email: CEO }, undefined)).toMatchObject({ isCeo: false })
})

test('the server-side permission matrix', () => {
	const matrix = (permission: Permission) =>
		[anonymousActor, agent, admin, ceo, systemActor].map((a) => can(a, permission))
	expect(matrix('use:studio')).toEqual([false, true, true, true, true])
	expect(matrix('view:agent-dashboard')).toEqual([false, true, true, false, true])
	expect(matrix('view:admin-dashboard')).toEqual([false, false, true, false, true])
	expect(matrix('manage:users')).toEqual([false, false, true, true, true])
})

test('assertCan tells a visitor (401) from a user without the right (403)', () => {
	expect(() => assertCan(anonymousActor, 'manage:users')).toThrow(UnauthenticatedError)
	expect(() => assertCan(agent, 'manage:users')).toThrow(ForbiddenError)
	expect(() => assertCan(admin, 'manage:users')).not.toThrow()
})

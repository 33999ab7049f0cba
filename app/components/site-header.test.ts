import { expect, test } from 'vitest'
import { getStartedLink, signedInLinks } from './site-header.tsx'

const user = { id: 'u', username: 'ada', email: 'ada@example.com', firstName: 'Ada', roleLabel: 'Agent' as const }
const labels = (u: Parameters<typeof signedInLinks>[0]) => signedInLinks(u).map((l) => l.label)

test('the header links follow the role: agents, admins and the CEO each see their own areas', () => {
	expect(labels({ ...user, isAdmin: false, isCeo: false })).toEqual(['Dashboard', 'Client Preferences'])
	expect(labels({ ...user, roleLabel: 'Admin', isAdmin: true, isCeo: false })).toEqual([
		'Dashboard',
		'Client Preferences',
		'Admin Dashboard',
	])
	// The CEO is one account by e-mail: operations, and none of the agent or admin screens, even as an admin.
	expect(labels({ ...user, roleLabel: 'CEO', isAdmin: true, isCeo: true })).toEqual(['Rendo Ops', 'DevOps'])
})

test('Get Started joins the Pioneer Program while spots are left, and registers plainly after', () => {
	expect(getStartedLink({ isPioneerProgramActive: true, pioneerSpotsRemaining: 1 })).toEqual({
		to: '/agent-register',
		label: 'Join Pioneer Program (1 spot left)',
	})
	expect(getStartedLink({ isPioneerProgramActive: false, pioneerSpotsRemaining: 0 })).toEqual({
		to: '/register',
		label: 'Get Started',
	})
})

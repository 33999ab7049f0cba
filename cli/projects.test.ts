import { expect, test } from 'vitest'
import { rendo, rendoJson } from '#tests/cli.ts'
import { insertUser } from '#tests/factories.ts'

test('projects create, list and show, as tables and as JSON, only for the agent named with --as', async () => {
	const agent = await insertUser({ role: 'agent' })
	const other = await insertUser({ role: 'agent' })

	const empty = await rendo(['projects', 'list', '--as', agent.email])
	expect(empty.stdout.trim()).toBe('No projects yet: create one with rendo projects create')

	const created = await rendoJson([
		'projects',
		'create',
		'--as',
		agent.email,
		'--address',
		'12 Acacia Avenue, Leeds',
		'--client',
		'Jo Bloggs',
		'--client-email',
		'Jo@Example.com',
	])
	expect(created).toEqual({
		id: expect.stringMatching(/^[0-9a-f-]{36}$/),
		propertyAddress: '12 Acacia Avenue, Leeds',
		clientName: 'Jo Bloggs',
		clientEmail: 'jo@example.com',
		status: 'active',
		totalRooms: 0,
		completedRooms: 0,
		createdAt: expect.any(String),
		completedAt: null,
	})
	const plain = await rendo(['projects', 'create', '--as', agent.email, '--address', '4 Harbour View'])
	expect(plain.stdout).toMatch(/^Created project [0-9a-f-]{36} for 4 Harbour View\n$/)

	const list = await rendoJson<Array<{ propertyAddress: string }>>(['projects', 'list', '--as', agent.email])
	expect(list.map((p) => p.propertyAddress)).toEqual(['4 Harbour View', '12 Acacia Avenue, Leeds'])
	const table = await rendo(['projects', 'list', '--as', agent.email])
	expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+ADDRESS\s+CLIENT\s+STATUS\s+ROOMS\s+CREATED$/)
	expect(table.stdout).toMatch(
		new RegExp(`^${created.id}\\s+12 Acacia Avenue, Leeds\\s+Jo Bloggs\\s+active\\s+0/0\\s`, 'm'),
	)
	expect(await rendoJson(['projects', 'list', '--as', other.email])).toEqual([])

	const shown = await rendoJson(['projects', 'show', created.id])
	expect(shown).toEqual({ ...created, rooms: [] })
	const details = await rendo(['projects', 'show', created.id])
	expect(details.stdout).toContain(
		'Address:   12 Acacia Avenue, Leeds\nClient:    Jo Bloggs <jo@example.com>\nStatus:    active\n',
	)
	expect(details.stdout).toContain('No rooms yet: add photos with rendo submit')

	const refused = await rendo(['projects', 'show', created.id, '--as', other.email])
	expect(refused.code).toBe(1)
	expect(refused.stderr.trim()).toBe('rendo: Unauthorized access to project')

	const bad = await rendo(['projects', 'create', '--as', agent.email, '--address', '  ', '--client-email', 'nope'])
	expect(bad.code).toBe(2)
	expect(bad.stderr.trim().split('\n')).toEqual([
		'rendo: --address: Property address is required',
		'rendo: --client-email: Valid email required',
	])
}, 90_000)

import { expect, test } from 'vitest'
import { getTicket, reportIssue } from '#core/tickets/tickets.ts'
import { rendo, rendoJson } from '#tests/cli.ts'
import { actorFor, insertUser } from '#tests/factories.ts'

test('an admin triages a ticket: list, start, internal note, comment, assign, show, resolve, close', async () => {
	const admin = await insertUser({ role: 'admin', firstName: 'Sam', lastName: 'Patel' })
	const agent = await insertUser({ role: 'agent', firstName: 'Ada', lastName: 'Agent' })
	const { ticketNumber } = await reportIssue(actorFor(agent), {
		projectId: null,
		issueType: 'gallery-loading',
		description: 'The gallery stays blank',
	})
	const as = ['--as', admin.email]

	const list = await rendoJson<Array<{ ticketNumber: string; status: string; userName: string }>>([
		'tickets',
		'list',
		...as,
	])
	expect(list).toEqual([
		expect.objectContaining({ ticketNumber, status: 'open', priority: 'medium', userName: 'Ada Agent', comments: [] }),
	])
	const table = await rendo(['tickets', 'list', '--status', 'open', ...as])
	expect(table.stdout.split('\n')[0]).toMatch(/^NUMBER\s+STATUS\s+PRIORITY\s+TITLE\s+REPORTER\s+ASSIGNEE\s+REPORTED$/)
	expect(table.stdout).toMatch(
		new RegExp(`^${ticketNumber}\\s+open\\s+medium\\s+Gallery Not Loading\\s+Ada Agent\\s+-\\s`, 'm'),
	)
	const none = await rendo(['tickets', 'list', '--status', 'closed', ...as])
	expect(none.stdout.trim()).toBe('No tickets found for the selected filter')

	// The spec's transitions: an open ticket cannot be resolved before work starts.
	const early = await rendo(['tickets', 'resolve', ticketNumber, ...as])
	expect(early.code).toBe(2)
	expect(early.stderr.trim()).toBe('rendo: status: Only a ticket in progress can be resolved')

	expect((await rendo(['tickets', 'start', ticketNumber, ...as])).stdout).toBe(`${ticketNumber} is in-progress\n`)
	expect((await rendo(['tickets', 'comment', ticketNumber, 'Cache looks stale', '--internal', ...as])).stdout).toBe(
		`Internal note added to ${ticketNumber}\n`,
	)
	expect(await rendoJson(['tickets', 'comment', ticketNumber, 'We are on it', ...as])).toMatchObject({
		author: 'Sam Patel',
		isInternal: false,
	})
	const blank = await rendo(['tickets', 'comment', ticketNumber, '   ', ...as])
	expect(blank.code).toBe(2)
	expect(blank.stderr.trim()).toBe('rendo: comment: Comment cannot be empty')
	expect((await rendo(['tickets', 'assign', ticketNumber.toLowerCase(), 'Sam Patel', ...as])).stdout).toBe(
		`${ticketNumber} is in-progress, assigned to Sam Patel\n`,
	)

	const shown = await rendo(['tickets', 'show', ticketNumber, ...as])
	expect(shown.stdout).toContain(
		`Ticket:     ${ticketNumber}\nTitle:      Gallery Not Loading\nStatus:     in-progress\n`,
	)
	expect(shown.stdout).toContain('Assignee:   Sam Patel\n')
	expect(shown.stdout).toContain('\nThe gallery stays blank\n')
	expect(shown.stdout).toMatch(
		/Comments \(2\):\n {2}\S+ \S+ {2}Sam Patel {2}\[internal\]\n {4}Cache looks stale\n {2}\S+ \S+ {2}Sam Patel\n {4}We are on it\n/,
	)

	const resolved = await rendoJson(['tickets', 'resolve', ticketNumber, '--resolution', 'Cleared the cache', ...as])
	expect(resolved).toMatchObject({
		status: 'resolved',
		resolution: 'Cleared the cache',
		resolvedAt: expect.any(String),
	})
	expect(resolved.comments.map((c: { isInternal: boolean }) => c.isInternal)).toEqual([true, false])

	// RENDO_CLI_AS is the CLI's staff identity when --as is left out.
	const closed = await rendo(['tickets', 'close', ticketNumber], { env: { RENDO_CLI_AS: admin.email } })
	expect(closed.stdout).toBe(`${ticketNumber} is closed, assigned to Sam Patel\n`)
	expect((await getTicket(actorFor(admin), ticketNumber)).closedAt).not.toBeNull()

	const stats = await rendoJson(['tickets', 'stats', ...as])
	expect(stats).toMatchObject({ total: 1, open: 0, inProgress: 0, closed: 1 })
}, 120_000)

test('an agent is refused on every ticket command, and a command without a staff identity is bad usage', async () => {
	const agent = await insertUser({ role: 'agent' })
	const { ticketNumber } = await reportIssue(actorFor(agent), {
		projectId: null,
		issueType: 'other',
		description: 'Help',
	})
	const commands = [
		['tickets', 'list'],
		['tickets', 'show', ticketNumber],
		['tickets', 'start', ticketNumber],
		['tickets', 'comment', ticketNumber, 'me too'],
		['tickets', 'assign', ticketNumber, 'Me'],
	]
	const results = await Promise.all(commands.map((args) => rendo([...args, '--as', agent.email])))
	for (const [i, result] of results.entries()) {
		expect(result.code, commands[i].join(' ')).toBe(1)
		expect(result.stderr.trim(), commands[i].join(' ')).toBe('rendo: not allowed for this account (see --as)')
	}
	const ticket = await getTicket(actorFor(agent), ticketNumber)
	expect({ status: ticket.status, assignedTo: ticket.assignedTo, comments: ticket.comments }).toEqual({
		status: 'open',
		assignedTo: null,
		comments: [],
	})

	const nobody = await rendo(['tickets', 'list'])
	expect(nobody.code).toBe(2)
	expect(nobody.stderr.trim()).toBe('rendo: --as: name a staff account with --as <email> or RENDO_CLI_AS')
}, 90_000)

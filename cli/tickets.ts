import { Option, type Command } from 'commander'
import { PRIORITIES, TICKET_STATUSES } from '#core/tickets/ticket.schema.ts'
import type { TicketView } from '#core/tickets/tickets.ts'
import { asOption } from './actor.ts'
import { example, formatDate, printDetails, printJson, printTable } from './output.ts'
import { ticketDesk } from './ticket-desk.ts'

const NUMBER = 'RND-2026-000123'

const staffAs = () => asOption('act as this admin on the local database (default: RENDO_CLI_AS)')

function printTicket(ticket: TicketView) {
	printDetails([
		['Ticket', ticket.ticketNumber],
		['Title', ticket.title],
		['Status', ticket.status],
		['Priority', ticket.priority],
		['Type', ticket.issueType],
		['Reporter', `${ticket.userName} <${ticket.contactEmail ?? ticket.userEmail}>`],
		['Project', ticket.projectId],
		['Assignee', ticket.assignedTo],
		['Reported', formatDate(ticket.createdAt)],
		['Updated', formatDate(ticket.updatedAt)],
		['Resolved', formatDate(ticket.resolvedAt)],
		['Closed', formatDate(ticket.closedAt)],
		['Resolution', ticket.resolution],
	])
	console.log(`\n${ticket.description}`)
	console.log(`\nComments (${ticket.comments.length}):`)
	if (!ticket.comments.length) console.log('  none yet')
	for (const c of ticket.comments)
		console.log(
			`  ${formatDate(c.createdAt)}  ${c.author}${c.isInternal ? '  [internal]' : ''}\n    ${c.comment.replaceAll('\n', '\n    ')}`,
		)
}

/** The changed ticket, as JSON or as one line saying where it stands now. */
function printChange(ticket: TicketView, json: boolean | undefined) {
	if (json) return printJson(ticket)
	console.log(
		`${ticket.ticketNumber} is ${ticket.status}${ticket.assignedTo ? `, assigned to ${ticket.assignedTo}` : ''}`,
	)
}

export function registerTicketCommands(program: Command) {
	const tickets = example(
		program
			.command('tickets')
			.summary('support tickets (admins only)')
			.description('support tickets: list, read, move through open → in-progress → resolved → closed (admins only)'),
		`RENDO_CLI_AS=ops@agency.example rendo tickets list --status open`,
	)

	example(
		tickets
			.command('list')
			.description('tickets, newest first')
			.addOption(new Option('--status <status>', 'only this status').choices(TICKET_STATUSES))
			.addOption(new Option('--priority <priority>', 'only this priority').choices(PRIORITIES))
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		'rendo tickets list --status open --priority high --as ops@agency.example',
	).action(async (opts: { status?: string; priority?: string; as?: string; json?: boolean }) => {
		const rows = await ticketDesk(opts.as).list({ status: opts.status, priority: opts.priority })
		if (opts.json) return printJson(rows)
		printTable(
			rows,
			[
				{ header: 'Number', value: (t) => t.ticketNumber },
				{ header: 'Status', value: (t) => t.status },
				{ header: 'Priority', value: (t) => t.priority },
				{ header: 'Title', value: (t) => (t.title.length > 48 ? `${t.title.slice(0, 47)}…` : t.title) },
				{ header: 'Reporter', value: (t) => t.userName },
				{ header: 'Assignee', value: (t) => t.assignedTo },
				{ header: 'Reported', value: (t) => formatDate(t.createdAt) },
			],
			'No tickets found for the selected filter',
		)
	})

	example(
		tickets
			.command('show')
			.description('one ticket with its comments (internal notes marked)')
			.argument('<number>', `the ticket number (${NUMBER}) or id`)
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		`rendo tickets show ${NUMBER}`,
	).action(async (number: string, opts: { as?: string; json?: boolean }) => {
		const ticket = await ticketDesk(opts.as).show(number)
		if (opts.json) return printJson(ticket)
		printTicket(ticket)
	})

	example(
		tickets
			.command('start')
			.description('start work: open → in-progress')
			.argument('<number>', `the ticket number (${NUMBER}) or id`)
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		`rendo tickets start ${NUMBER}`,
	).action(async (number: string, opts: { as?: string; json?: boolean }) => {
		printChange(await ticketDesk(opts.as).start(number), opts.json)
	})

	example(
		tickets
			.command('resolve')
			.description('resolve: in-progress → resolved')
			.argument('<number>', `the ticket number (${NUMBER}) or id`)
			.option('--resolution <text>', 'what was done')
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		`rendo tickets resolve ${NUMBER} --resolution "Re-queued the stuck renders"`,
	).action(async (number: string, opts: { resolution?: string; as?: string; json?: boolean }) => {
		printChange(await ticketDesk(opts.as).resolve(number, opts.resolution), opts.json)
	})

	example(
		tickets
			.command('close')
			.description('close a ticket from any other status')
			.argument('<number>', `the ticket number (${NUMBER}) or id`)
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		`rendo tickets close ${NUMBER}`,
	).action(async (number: string, opts: { as?: string; json?: boolean }) => {
		printChange(await ticketDesk(opts.as).close(number), opts.json)
	})

	example(
		tickets
			.command('assign')
			.description('assign a ticket to someone (an empty name clears it)')
			.argument('<number>', `the ticket number (${NUMBER}) or id`)
			.argument('<name>', 'who works on it')
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		`rendo tickets assign ${NUMBER} "Sam Patel"`,
	).action(async (number: string, name: string, opts: { as?: string; json?: boolean }) => {
		printChange(await ticketDesk(opts.as).assign(number, name), opts.json)
	})

	example(
		tickets
			.command('comment')
			.description('add a comment; a public one is e-mailed to the reporter, an internal note never is')
			.argument('<number>', `the ticket number (${NUMBER}) or id`)
			.argument('<text>', 'the comment')
			.option('--internal', 'an internal note, for staff only')
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		`rendo tickets comment ${NUMBER} "Looking into it" --internal`,
	).action(async (number: string, text: string, opts: { internal?: boolean; as?: string; json?: boolean }) => {
		const comment = await ticketDesk(opts.as).comment(number, { comment: text, isInternal: !!opts.internal })
		if (opts.json) return printJson(comment)
		console.log(`${opts.internal ? 'Internal note' : 'Comment'} added to ${number.toUpperCase()}`)
	})

	example(
		tickets
			.command('stats')
			.description('counts by status and priority, average hours to resolve')
			.addOption(staffAs())
			.option('--json', 'print JSON for scripts'),
		'rendo tickets stats --json',
	).action(async (opts: { as?: string; json?: boolean }) => {
		const stats = await ticketDesk(opts.as).stats()
		if (opts.json) return printJson(stats)
		printDetails([
			['Total', stats.total],
			['Open', stats.open],
			['In progress', stats.inProgress],
			['Critical (active)', stats.critical],
			['High (active)', stats.high],
			['Resolved', stats.resolved],
			['Closed', stats.closed],
			['Average resolution', `${stats.averageResolutionTime} h`],
		])
	})
}

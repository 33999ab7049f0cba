import type { Command } from 'commander'
import type { listProjects } from '#core/studio/projects.ts'
import type { ProjectView } from '#core/studio/views.ts'
import { agentActor, agentAs, asOption } from './actor.ts'
import { example, formatDate, optionErrors, printDetails, printJson, printTable } from './output.ts'
import { remoteApi } from './remote/session.ts'
import { printRooms, projectProgress } from './status.ts'

const PROJECT_FIELDS = { propertyAddress: '--address', clientName: '--client', clientEmail: '--client-email' }

export function registerProjectCommands(program: Command) {
	const projects = example(
		program.command('projects').description("an agent's property projects"),
		'rendo projects list --as agent@example.com',
	)

	example(
		projects
			.command('list')
			.description("list an agent's projects, newest first")
			.addOption(agentAs())
			.option('--json', 'print JSON for scripts'),
		'rendo projects list --as agent@example.com',
	).action(async (opts: { as?: string; json?: boolean }) => {
		const api = remoteApi(opts.as)
		const rows = api
			? await api.get<Awaited<ReturnType<typeof listProjects>>>('/api/property-studio/projects')
			: await (await import('#core/studio/projects.ts')).listProjects(await agentActor(opts.as))
		if (opts.json) return printJson(rows)
		printTable(
			rows,
			[
				{ header: 'Id', value: (p) => p.id },
				{ header: 'Address', value: (p) => p.propertyAddress },
				{ header: 'Client', value: (p) => p.clientName },
				{ header: 'Status', value: (p) => p.status },
				{ header: 'Rooms', value: (p) => `${p.completedRooms}/${p.totalRooms}` },
				{ header: 'Created', value: (p) => formatDate(p.createdAt) },
			],
			'No projects yet: create one with rendo projects create',
		)
	})

	example(
		projects
			.command('create')
			.description('create a project for an agent')
			.addOption(agentAs())
			.requiredOption('--address <address>', 'the property address')
			.option('--client <name>', "the client's name")
			.option('--client-email <email>', "the client's e-mail address")
			.option('--json', 'print JSON for scripts'),
		'rendo projects create --as agent@example.com --address "12 Acacia Avenue, Leeds" --client "Jo Bloggs"',
	).action(async (opts: { as?: string; address: string; client?: string; clientEmail?: string; json?: boolean }) => {
		const api = remoteApi(opts.as)
		const input = { propertyAddress: opts.address, clientName: opts.client, clientEmail: opts.clientEmail }
		const project = await (api
			? api.json<ProjectView>('POST', '/api/property-studio/projects', { body: input })
			: import('#core/studio/projects.ts').then(async ({ createProject }) =>
					createProject(await agentActor(opts.as), input),
				)
		).catch(optionErrors(PROJECT_FIELDS))
		if (opts.json) return printJson(project)
		console.log(`Created project ${project.id} for ${project.propertyAddress}`)
	})

	example(
		projects
			.command('show')
			.description('a project with its rooms and their renders')
			.argument('<projectId>', 'the project id')
			.addOption(asOption("act as this account (default: the project's owner)"))
			.option('--json', 'print JSON for scripts'),
		'rendo projects show 0b6d3c1e-5f0a-4c36-9a57-2a1f0f7f1c55',
	).action(async (projectId: string, opts: { as?: string; json?: boolean }) => {
		const { project, rooms } = await projectProgress(projectId, opts.as)
		if (opts.json) return printJson({ ...project, rooms })
		printDetails([
			['Project', project.id],
			['Address', project.propertyAddress],
			['Client', [project.clientName, project.clientEmail && `<${project.clientEmail}>`].filter(Boolean).join(' ')],
			['Status', project.status],
			['Rooms', `${project.completedRooms}/${project.totalRooms} completed`],
			['Created', formatDate(project.createdAt)],
			['Completed', formatDate(project.completedAt)],
		])
		console.log()
		printRooms(rooms)
	})
}

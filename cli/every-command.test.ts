import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Command } from 'commander'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { User } from '#db/schema/accounts.ts'
import { closeDb, openedPool } from '#core/platform/db.ts'
import { startEmbeddedPostgres } from '#core/platform/embedded-postgres.ts'
import { freePort } from '#core/platform/free-port.ts'
import { localSecrets } from '#core/platform/secrets.ts'
import { createProgram } from '#cli/program.ts'
import { startWebProcess } from '#tests/child-process.ts'
import { type CliResult, rendo } from '#tests/cli.ts'
import { actorFor, insertUser, PASSWORD } from '#tests/factories.ts'
import { csvLine, IMPORT_HEADER, writeRoomPhoto } from '#tests/fixtures/import-csv.ts'

/**
 * Every `rendo` command, run as a person runs it: once on the local database (a checkout with
 * nothing configured: the embedded PostgreSQL in DATA_DIR, shared with the server running there,
 * as `npm run dev` and the CLI share it) and once over that server's API with a personal access
 * token. Each must end as its line below says, with its real answer and no stack trace. The
 * commands come from the commander program itself: a new one fails here until it has its line.
 *
 * One web server (jobs off: what is queued stays queued, nothing races the rows made here) owns the
 * embedded cluster; this process and each command share it, so no database starts per command.
 */

type Mode = 'local' | 'api'

interface World {
	web: string
	work: string
	admin: User
	agent: User
	/** Rendered (3 variations of a kitchen), the first a favourite. */
	project: { id: string; address: string }
	/** An empty project per mode, for submit. */
	empty: Record<Mode, string>
	/** A room per mode whose photo has a lamp and a plant (real pair 36), for objects and edit. */
	edits: Record<Mode, string>
	photo: string
	/** A one-row CSV per mode, a property of its own each. */
	csv: Record<Mode, string>
	/** Ticket numbers per mode: open ones, and one already in progress (to resolve). */
	tickets: Record<Mode, { open: string; toStart: string; toClose: string; inProgress: string }>
	tokens: { agent: string; staff: string; toRevoke: string }
	/** An account with the role user, made an agent by `users set-role`. */
	newcomer: User
}

interface Run {
	args: string[]
	stdin?: string
	/** Over the API: whose token RENDO_TOKEN carries (none: the command logs in itself). */
	token?: 'agent' | 'staff' | 'none'
	/** Before the command runs, with the environment it will get. */
	before?: (env: Record<string, string | undefined>) => Promise<unknown>
	/** The exit code; 1 is an answer too when it names what is wrong (not logged in). */
	code?: number
	/** What the answer says: on standard output, or on standard error when it is a refusal. */
	answer: RegExp[]
	/** Anything else the command must have done. */
	after?: () => void
}

/** A mode a command has no meaning in: why. */
type NotHere = string
type Line = { [mode in Mode]: ((w: World) => Run) | NotHere }

/** `rendo objects` of pair 36: its lamp and plant by name and id, and the walls it can repaint. */
const objectsOf = [/^lamp +lamp +\d+\.\d %$/m, /^plant +plant +\d+\.\d %$/m, /^walls +\d+\.\d % +yes$/m]

const OPERATOR_ONLY = 'an operator command: the local database only'
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Each command, by its words after `rendo`. */
const COMMANDS: Record<string, Line> = {
	login: {
		local: 'logging in is what starts acting over the API',
		api: (w) => ({
			args: ['login', '--url', w.web, '--email', w.agent.email, '--password-stdin'],
			stdin: `${PASSWORD}\n`,
			token: 'none',
			answer: [new RegExp(`^Logged in to ${literal(w.web)} as ${literal(w.agent.email)} \\(write scope\\)`)],
		}),
	},
	logout: {
		local: () => ({
			args: ['logout'],
			code: 1,
			answer: [/^rendo: not logged in: there is no saved login to forget$/m],
		}),
		api: (w) => ({
			args: ['logout'],
			token: 'none',
			before: async (env) => {
				const login = await rendo(['login', '--url', w.web, '--token-stdin'], { stdin: w.tokens.toRevoke, env })
				expect(login.code, login.stderr).toBe(0)
			},
			answer: [new RegExp(`^Logged out of ${literal(w.web)}; the token is revoked\\.$`, 'm')],
		}),
	},
	whoami: {
		local: () => ({
			args: ['whoami'],
			code: 1,
			answer: [/^rendo: not logged in: commands act on the local database/m],
		}),
		api: (w) => ({
			args: ['whoami'],
			answer: [new RegExp(`^Account: .*<${literal(w.agent.email)}>$`, 'm'), /^From: +RENDO_URL and RENDO_TOKEN$/m],
		}),
	},
	'users create-admin': {
		local: () => {
			const email = `ops.${randomUUID().slice(0, 8)}@example.com`
			return {
				args: ['users', 'create-admin', '--email', email, '--password-stdin'],
				stdin: 'a-long-secret-passphrase\n',
				answer: [new RegExp(`^Created admin ${literal(email)} `)],
			}
		},
		api: OPERATOR_ONLY,
	},
	'users list': {
		local: (w) => ({
			args: ['users', 'list', '--role', 'agent'],
			answer: [new RegExp(`^${literal(w.agent.email)} .* agent `, 'm')],
		}),
		api: OPERATOR_ONLY,
	},
	'users set-role': {
		local: (w) => ({
			args: ['users', 'set-role', w.newcomer.email, 'agent'],
			answer: [new RegExp(`^${literal(w.newcomer.email)} is now agent$`, 'm')],
		}),
		api: OPERATOR_ONLY,
	},
	'projects list': {
		local: (w) => ({
			args: ['projects', 'list', '--as', w.agent.email],
			answer: [new RegExp(`^${w.project.id} +${literal(w.project.address)} `, 'm')],
		}),
		api: (w) => ({
			args: ['projects', 'list'],
			answer: [new RegExp(`^${w.project.id} +${literal(w.project.address)} `, 'm')],
		}),
	},
	'projects create': {
		local: (w) => ({
			args: ['projects', 'create', '--as', w.agent.email, '--address', '1 Local Road, Leeds'],
			answer: [/^Created project [0-9a-f-]{36} for 1 Local Road, Leeds$/m],
		}),
		api: () => ({
			args: ['projects', 'create', '--address', '1 Remote Road, Leeds'],
			answer: [/^Created project [0-9a-f-]{36} for 1 Remote Road, Leeds$/m],
		}),
	},
	'projects show': {
		local: (w) => ({ args: ['projects', 'show', w.project.id], answer: shownProject(w) }),
		api: (w) => ({ args: ['projects', 'show', w.project.id], answer: shownProject(w) }),
	},
	submit: {
		local: (w) => ({ args: ['submit', w.empty.local, w.photo, '--style', 'modern'], answer: queuedOne(w) }),
		api: (w) => ({ args: ['submit', w.empty.api, w.photo, '--style', 'modern'], answer: queuedOne(w) }),
	},
	objects: {
		local: (w) => ({ args: ['objects', w.edits.local], answer: objectsOf }),
		api: (w) => ({ args: ['objects', w.edits.api], answer: objectsOf }),
	},
	edit: {
		local: (w) => ({
			args: ['edit', w.edits.local, '--remove', 'lamp,plant'],
			answer: [/^Queued the removal as variation [0-9a-f-]{36}: follow it with rendo status$/m],
		}),
		api: (w) => ({
			args: ['edit', w.edits.api, '--renovate', 'walls=#d8d2c4'],
			answer: [/^Queued the renovation as variation [0-9a-f-]{36}: follow it with rendo status$/m],
		}),
	},
	status: {
		local: (w) => ({ args: ['status', w.project.id], answer: statusOf(w) }),
		api: (w) => ({ args: ['status', w.project.id], answer: statusOf(w) }),
	},
	download: {
		local: (w) => downloadInto(w, 'local'),
		api: (w) => downloadInto(w, 'api'),
	},
	import: {
		local: (w) => ({
			args: ['import', w.csv.local, '--as', w.agent.email, '--style', 'modern'],
			answer: [/^Projects created: +1$/m, /^Rooms added: +1$/m],
		}),
		api: (w) => ({
			args: ['import', w.csv.api, '--style', 'modern'],
			answer: [/^Projects created: +1$/m, /^Rooms added: +1$/m],
		}),
	},
	'tickets list': tickets((w, mode) => ({
		args: ['tickets', 'list'],
		answer: [new RegExp(`^${w.tickets[mode].open} +open `, 'm')],
	})),
	'tickets show': tickets((w, mode) => ({
		args: ['tickets', 'show', w.tickets[mode].open],
		answer: [new RegExp(`^Ticket: +${w.tickets[mode].open}$`, 'm'), /^Status: +open$/m],
	})),
	'tickets start': tickets((w, mode) => ({
		args: ['tickets', 'start', w.tickets[mode].toStart],
		answer: [new RegExp(`^${w.tickets[mode].toStart} is in-progress$`, 'm')],
	})),
	'tickets resolve': tickets((w, mode) => ({
		args: ['tickets', 'resolve', w.tickets[mode].inProgress, '--resolution', 'Cache cleared'],
		answer: [new RegExp(`^${w.tickets[mode].inProgress} is resolved`, 'm')],
	})),
	'tickets close': tickets((w, mode) => ({
		args: ['tickets', 'close', w.tickets[mode].toClose],
		answer: [new RegExp(`^${w.tickets[mode].toClose} is closed`, 'm')],
	})),
	'tickets assign': tickets((w, mode) => ({
		args: ['tickets', 'assign', w.tickets[mode].open, 'Sam Patel'],
		answer: [new RegExp(`^${w.tickets[mode].open} is open, assigned to Sam Patel$`, 'm')],
	})),
	'tickets comment': tickets((w, mode) => ({
		args: ['tickets', 'comment', w.tickets[mode].open, 'We are on it'],
		answer: [new RegExp(`^Comment added to ${w.tickets[mode].open}$`, 'm')],
	})),
	'tickets stats': tickets(() => ({ args: ['tickets', 'stats'], answer: [/^Total: +8$/m, /^In progress: +\d+$/m] })),
	worker: {
		// Runs until Ctrl-C: run by `untilRunning` below.
		local: () => ({ args: ['worker'], answer: [/^Rendo worker is running/m] }),
		api: OPERATOR_ONLY,
	},
	'db migrate': {
		local: () => ({
			args: ['db', 'migrate'],
			answer: [
				new RegExp(`^Database is up to date \\(embedded, ${literal(path.join(process.env.DATA_DIR!, 'pg'))}\\)$`, 'm'),
			],
		}),
		api: OPERATOR_ONLY,
	},
}

/** The photo's row: a kitchen room made, its three modern renders queued. */
function queuedOne(w: World) {
	return [new RegExp(`^${literal(w.photo)} +[0-9a-f-]{36} +kitchen +modern +3$`, 'm')]
}

function shownProject(w: World) {
	return [
		new RegExp(`^Project: +${w.project.id}$`, 'm'),
		new RegExp(`^Address: +${literal(w.project.address)}$`, 'm'),
		/^Status: +active$/m,
	]
}

/** The status of the project: its state and its renders. */
function statusOf(w: World) {
	return [
		new RegExp(`^Project: +${literal(w.project.address)} \\(active\\)$`, 'm'),
		/^Variations: 3\/3 done, 0 pending, 0 failed$/m,
	]
}

function downloadInto(w: World, mode: Mode): Run {
	const out = path.join(w.work, `download-${mode}`)
	return {
		args: ['download', w.project.id, '--out', out],
		answer: [new RegExp(`^1 downloaded, 0 already there, into ${literal(out)}$`, 'm')],
		after: () => expect(fs.readdirSync(out).filter((f) => f.endsWith('.jpg'))).toHaveLength(1),
	}
}

/** The staff's ticket commands: as the admin, by --as on the local database and by a staff token over the API. */
function tickets(run: (w: World, mode: Mode) => Run): Line {
	return {
		local: (w) => {
			const line = run(w, 'local')
			return { ...line, args: [...line.args, '--as', w.admin.email] }
		},
		api: (w) => ({ ...run(w, 'api'), token: 'staff' }),
	}
}

/** Every runnable command of the tree (groups are run through their commands), as its words after `rendo`. */
function leaves(command: Command, words: string[] = []): Array<{ name: string; command: Command }> {
	return command.commands
		.filter((c) => c.name() !== 'help')
		.flatMap((c) =>
			c.commands.length ? leaves(c, [...words, c.name()]) : [{ name: [...words, c.name()].join(' '), command: c }],
		)
}

function helpOf(command: Command) {
	let text = ''
	command.configureOutput({ writeOut: (s) => (text += s) })
	command.outputHelp()
	return text
}

const program = leaves(createProgram())

test('every command of the program has its line here, and every line is a command', () => {
	expect(program.length).toBeGreaterThan(20)
	expect(Object.keys(COMMANDS).sort()).toEqual(program.map((c) => c.name).sort())
	// Left out over the API only where --help says the command never goes there.
	for (const { name, command } of program)
		expect(COMMANDS[name]?.api === OPERATOR_ONLY, `rendo ${name}`).toBe(
			helpOf(command).includes('on the local database only'),
		)
})

let world: World | undefined
let web: Awaited<ReturnType<typeof startWebProcess>> | undefined
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-every-command-'))

beforeAll(async () => {
	// PostgreSQL runs as its own system user and must reach DATA_DIR/pg (this file's data folder).
	fs.chmodSync(process.env.DATA_DIR!, 0o755)
	process.env.EMBEDDED_PG_PORT = String(await freePort())
	// The web starts the embedded cluster, as `npm run dev` does with nothing configured; this
	// process then joins it as the CLI does, before anything here has opened the pool.
	delete process.env.DATABASE_URL
	web = await startWebProcess({ DATA_DIR: process.env.DATA_DIR!, JOBS: 'off' })
	const cluster = await startEmbeddedPostgres({
		dir: path.join(process.env.DATA_DIR!, 'pg'),
		port: Number(process.env.EMBEDDED_PG_PORT),
		password: localSecrets(process.env.DATA_DIR!).pgPassword,
	})
	expect(cluster.shared, "this process shares the web's cluster").toBe(true)
	expect(openedPool(), 'no module opened the pool when imported (tests/import-without-database.test.ts)').toBe(
		undefined,
	)
	// The embedded database's name (start-database.ts).
	process.env.DATABASE_URL = cluster.url('rendo')
	// Loaded now that DATABASE_URL is the web's: had one of them used the database as it loaded (the
	// crash this file looks for), this process would still make its rows where the commands look.
	const [{ createAccessToken }, { createProject }, { reportIssue, startWork }, { favourite, renderedProject }] =
		await Promise.all([
			import('#core/accounts/access-tokens.ts'),
			import('#core/studio/projects.ts'),
			import('#core/tickets/tickets.ts'),
			import('#tests/checkout.ts'),
		])

	const admin = await insertUser({ role: 'admin', firstName: 'Sam', lastName: 'Patel' })
	const agent = await insertUser({ role: 'agent' })
	const newcomer = await insertUser({ role: 'user' })
	const rendered = await renderedProject(agent)
	await favourite(agent, [rendered.variations[0].id])
	const emptyProject = async () =>
		(await createProject(actorFor(agent), { propertyAddress: '5 Empty Street, York' })).id
	const photo = path.join(work, 'kitchen.jpg')
	await writeRoomPhoto(photo)
	const [{ db }, { propertyStudioRooms }, { storage }] = await Promise.all([
		import('#core/platform/db.ts'),
		import('#db/schema/studio.ts'),
		import('#core/platform/storage.ts'),
	])
	const roomToEdit = async () => {
		const projectId = await emptyProject()
		const originalImageUrl = `rooms/${randomUUID()}/original.jpg`
		await storage().put(
			originalImageUrl,
			fs.readFileSync(path.join(import.meta.dirname, '../tests/fixtures/real-staging/36-before.jpg')),
			{
				contentType: 'image/jpeg',
			},
		)
		const [room] = await db
			.insert(propertyStudioRooms)
			.values({ projectId, roomType: 'bedroom', originalImageUrl })
			.returning()
		return room.id
	}
	const csv = async (mode: Mode) => {
		const file = path.join(work, `import-${mode}.csv`)
		fs.writeFileSync(
			file,
			`${[csvLine(IMPORT_HEADER), csvLine([`9 ${mode} Lane, Leeds`, 'Jo', '', photo, 'kitchen', 'modern'])].join('\n')}\n`,
		)
		return file
	}
	const ticket = () =>
		reportIssue(actorFor(agent), {
			projectId: null,
			issueType: 'gallery-loading',
			description: 'The gallery stays blank',
		})
	const ticketsOf = async () => {
		const [open, toStart, toClose, inProgress] = [await ticket(), await ticket(), await ticket(), await ticket()]
		await startWork(actorFor(admin), inProgress.ticketId)
		return {
			open: open.ticketNumber,
			toStart: toStart.ticketNumber,
			toClose: toClose.ticketNumber,
			inProgress: inProgress.ticketNumber,
		}
	}
	const token = async (user: User, scope: 'write' | 'staff') =>
		(await createAccessToken(actorFor(user), { name: `every command ${scope}`, scope, expiresIn: '30' })).secret
	world = {
		web: web.url,
		work,
		admin,
		agent,
		newcomer,
		project: { id: rendered.project.id, address: rendered.project.propertyAddress },
		empty: { local: await emptyProject(), api: await emptyProject() },
		edits: { local: await roomToEdit(), api: await roomToEdit() },
		photo,
		csv: { local: await csv('local'), api: await csv('api') },
		tickets: { local: await ticketsOf(), api: await ticketsOf() },
		tokens: {
			agent: await token(agent, 'write'),
			staff: await token(admin, 'staff'),
			toRevoke: await token(agent, 'write'),
		},
	}
}, 240_000)

afterAll(async () => {
	// The pool first: the web's cluster stops with it.
	await closeDb()
	await web?.stop()
	fs.rmSync(work, { recursive: true, force: true })
})

/** The environment of a command: the embedded database of DATA_DIR, or the API with a token and no database at all. */
function environment(mode: Mode, run: Run, w: World): Record<string, string | undefined> {
	if (mode === 'local') return { DATABASE_URL: undefined }
	const config = fs.mkdtempSync(path.join(w.work, 'config-'))
	const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', RENDO_CONFIG_DIR: config }
	if (run.token === 'none') return env
	return { ...env, RENDO_URL: w.web, RENDO_TOKEN: run.token === 'staff' ? w.tokens.staff : w.tokens.agent }
}

/** `rendo worker`: until it says it runs, then Ctrl-C, as a person stops it. */
function untilRunning(args: string[], env: Record<string, string | undefined>) {
	return new Promise<CliResult>((resolve, reject) => {
		const child = spawn(process.execPath, ['cli/bin.js', ...args], { env: { ...process.env, ...env } })
		let stdout = ''
		let stderr = ''
		child.stdout.on('data', (d) => {
			stdout += d
			if (stdout.includes('Rendo worker is running')) child.kill('SIGINT')
		})
		child.stderr.on('data', (d) => (stderr += d))
		// Never left running by a test that failed.
		const timer = setTimeout(() => child.kill('SIGKILL'), 50_000)
		child.on('error', reject)
		child.on('exit', (code) => {
			clearTimeout(timer)
			resolve({ code, stdout, stderr })
		})
	})
}

const MODES: Array<[Mode, string]> = [
	['local', 'on the local database'],
	['api', 'over the API'],
]

for (const [mode, where] of MODES)
	describe(where, () => {
		for (const { name } of program) {
			const line = COMMANDS[name]?.[mode]
			if (typeof line === 'string') continue
			test(`rendo ${name}`, async () => {
				if (!line) throw new Error(`rendo ${name} is not covered: give it its line in cli/every-command.test.ts`)
				const w = world!
				const run = line(w)
				const env = environment(mode, run, w)
				await run.before?.(env)
				const result =
					name === 'worker' ? await untilRunning(run.args, env) : await rendo(run.args, { stdin: run.stdin, env })
				const shown = `rendo ${run.args.join(' ')} exited ${result.code}\n${result.stdout}\n${result.stderr}`
				// A stack trace is a crash, whatever the exit code.
				expect(result.stderr, shown).not.toMatch(/^\s+at /m)
				expect(result.code, shown).toBe(run.code ?? 0)
				for (const answer of run.answer) expect(result.code ? result.stderr : result.stdout, shown).toMatch(answer)
				run.after?.()
			}, 60_000)
		}
	})

import os from 'node:os'
import readline from 'node:readline/promises'
import { Option, type Command } from 'commander'
import { InputError } from '#core/errors.ts'
import { ACCESS_TOKEN_SCOPES, type ACCESS_TOKEN_EXPIRIES } from '#core/accounts/access-token.schema.ts'
import { ApiClient, serverUrl } from './remote/api-client.ts'
import { credentialsPath, forgetCredentials, readCredentials, saveCredentials } from './remote/credentials.ts'
import { remoteLogin } from './remote/session.ts'
import { CommandFailed, example, formatDate, printDetails, printJson } from './output.ts'
import { readStdin } from './stdin.ts'

interface Me {
	id: string
	email: string
	name: string | null
	role: string
	roleLabel: string
	token: { id: string; name: string; scope: string; expiresAt: string | null } | null
}

/** A line typed on the terminal; with `hidden` nothing is echoed (a password). */
async function ask(question: string, { hidden = false } = {}) {
	const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true })
	if (hidden) {
		const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl)
		;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) =>
			write(s.startsWith(question) ? s : s.includes('\n') ? '\n' : '')
	}
	try {
		return (await rl.question(question)).trim()
	} finally {
		rl.close()
	}
}

/** Signs in with the e-mail and password once, to make a token; the browser session it needed is ended at once. */
async function tokenFromPassword(
	url: string,
	{ email, password, scope }: { email: string; password: string; scope?: string },
) {
	const session = new ApiClient(url, null)
	const user = await session.json<{ role: string }>('POST', '/api/auth/login', { body: { username: email, password } })
	try {
		const { token, secret } = await session.json<{ token: { id: string }; secret: string }>(
			'POST',
			'/api/access-tokens',
			{
				body: {
					name: `rendo CLI on ${os.hostname()}`.slice(0, 100),
					scope: scope ?? (user.role === 'admin' ? 'staff' : 'write'),
					expiresIn: '90' satisfies (typeof ACCESS_TOKEN_EXPIRIES)[number],
				},
			},
		)
		return { token: secret, tokenId: token.id }
	} finally {
		await session.request('POST', '/api/auth/logout', { accept: [200, 204, 302, 303, 401] }).catch(() => {})
	}
}

function printMe(url: string, me: Me, source: string) {
	printDetails([
		['Server', url],
		['Account', `${me.name ?? me.email} <${me.email}>`],
		['Role', me.roleLabel],
		['Token', me.token ? `${me.token.name} (${me.token.scope} scope)` : null],
		['Expires', me.token ? (formatDate(me.token.expiresAt) ?? 'never') : null],
		['From', source],
	])
}

export function registerLoginCommands(program: Command) {
	example(
		program
			.command('login')
			.summary('log in to a Rendo server; commands then act over its API')
			.description(
				'log in to a Rendo server: makes an access token (90 days) with your e-mail and password, or takes one from standard input, and keeps it in your config folder (mode 0600)',
			)
			.option('--url <address>', 'the server, e.g. https://rendo.example (default: the last one, or APP_URL)')
			.option('--email <email>', 'your e-mail address or username (asked on the terminal otherwise)')
			.option('--password-stdin', 'read the password from standard input')
			.option('--token-stdin', 'read an access token made on the API tokens page from standard input')
			.addOption(
				new Option('--scope <scope>', 'scope of the token made (default: staff for staff, else write)').choices(
					ACCESS_TOKEN_SCOPES,
				),
			)
			.option('--insecure', 'allow plain http to a host that is not this machine')
			.option('--json', 'print JSON for scripts'),
		'rendo login --url https://rendo.example',
		'echo "$RENDO_PAT" | rendo login --url https://rendo.example --token-stdin',
	).action(
		async (opts: {
			url?: string
			email?: string
			passwordStdin?: boolean
			tokenStdin?: boolean
			scope?: string
			insecure?: boolean
			json?: boolean
		}) => {
			if (opts.tokenStdin && (opts.passwordStdin || opts.email))
				throw new InputError({}, '--token-stdin takes a token: leave out --email and --password-stdin')
			const previous = (() => {
				try {
					return readCredentials()
				} catch {
					return null
				}
			})()
			const given = opts.url ?? previous?.url ?? process.env.APP_URL
			if (!given) throw new InputError({ '--url': ['name the server: rendo login --url https://rendo.example'] })
			const insecure = !!opts.insecure
			const url = serverUrl(given, { insecure })

			let login: { token: string; tokenId?: string }
			if (opts.tokenStdin) {
				const token = (await readStdin()).trim()
				if (!token) throw new InputError({ '--token-stdin': ['standard input was empty'] })
				login = { token }
			} else {
				const interactive = process.stdin.isTTY && !opts.passwordStdin
				if (!interactive && !opts.passwordStdin)
					throw new InputError(
						{},
						'rendo login asks for your password on a terminal: or use --password-stdin or --token-stdin',
					)
				const email = opts.email ?? (interactive ? await ask('E-mail: ') : '')
				if (!email) throw new InputError({ '--email': ['your e-mail address is needed'] })
				const password = opts.passwordStdin ? await readStdin() : await ask('Password: ', { hidden: true })
				login = await tokenFromPassword(url, { email, password, scope: opts.scope })
			}
			const me = await new ApiClient(url, login.token).get<Me>('/api/auth/me')
			if (!me.token) throw new CommandFailed('the server did not take the token as a token')
			const file = saveCredentials({ url, token: login.token, tokenId: me.token.id, email: me.email, insecure })
			if (opts.json) return printJson({ url, email: me.email, token: me.token, credentials: file })
			console.log(`Logged in to ${url} as ${me.email} (${me.token.scope} scope). Saved in ${file}.`)
		},
	)

	example(
		program
			.command('logout')
			.description('revoke the saved access token on the server and forget it')
			.option('--json', 'print JSON for scripts'),
		'rendo logout',
	).action(async (opts: { json?: boolean }) => {
		const saved = readCredentials()
		if (!saved) throw new CommandFailed('not logged in: there is no saved login to forget')
		let revoked = true
		try {
			await new ApiClient(saved.url, saved.token).request('DELETE', '/api/access-tokens/current')
		} catch (error) {
			// Already revoked or expired, or the server is gone: forgetting it is all that is left to do.
			revoked = false
			console.error(`rendo: the token was not revoked on ${saved.url}: ${(error as Error).message}`)
		}
		forgetCredentials()
		if (opts.json) return printJson({ url: saved.url, revoked, forgotten: credentialsPath() })
		console.log(`Logged out of ${saved.url}${revoked ? '; the token is revoked' : ''}.`)
		if (process.env.RENDO_TOKEN) console.log('RENDO_TOKEN is still set in this shell: unset it too.')
	})

	example(
		program
			.command('whoami')
			.description('the server and account commands act as, and the token they use')
			.option('--json', 'print JSON for scripts'),
		'rendo whoami',
	).action(async (opts: { json?: boolean }) => {
		const login = remoteLogin()
		if (!login)
			throw new CommandFailed(
				'not logged in: commands act on the local database. Log in to a server with rendo login --url <address>',
			)
		const me = await new ApiClient(login.url, login.token).get<Me>('/api/auth/me')
		if (opts.json) return printJson({ url: login.url, source: login.source, ...me })
		printMe(login.url, me, login.source === 'login' ? credentialsPath() : 'RENDO_URL and RENDO_TOKEN')
	})
}

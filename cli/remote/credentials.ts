import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ConfigError } from '#core/platform/config.ts'

/**
 * Where `rendo login` keeps the server's address and the access token it made: one JSON file in the
 * user's config folder (RENDO_CONFIG_DIR, else $XDG_CONFIG_HOME/rendo, else ~/.config/rendo), owner
 * only. The token is a password: a file others can read is refused rather than used, as ssh does.
 */
export interface Credentials {
	url: string
	token: string
	/** The token's id on the server, shown by whoami. */
	tokenId: string
	email: string
	/** Logged in over plain http to a host that is not this machine, on purpose (--insecure). */
	insecure?: boolean
}

export function credentialsPath() {
	const dir =
		process.env.RENDO_CONFIG_DIR ||
		path.join(process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'rendo')
	return path.join(dir, 'credentials.json')
}

/** The saved login, or null when there is none. Read synchronously: `--help` says which mode a command runs in. */
export function readCredentials(): Credentials | null {
	const file = credentialsPath()
	let stat: fs.Stats
	try {
		stat = fs.statSync(file)
	} catch {
		return null
	}
	const mode = stat.mode & 0o777
	if (mode & 0o077)
		throw new ConfigError(
			`${file} can be read by others (mode ${mode.toString(8)}): run chmod 600 ${file}, or rendo logout and log in again`,
		)
	try {
		const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Credentials>
		if (typeof saved.url === 'string' && typeof saved.token === 'string') return saved as Credentials
	} catch {}
	throw new ConfigError(`${file} is not a saved login: remove it, or run rendo login again`)
}

/** Written beside the file with mode 0600 from the start, then renamed over it: never readable by others, never half written. */
export function saveCredentials(credentials: Credentials) {
	const file = credentialsPath()
	fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
	const partial = `${file}.${process.pid}.part`
	try {
		fs.writeFileSync(partial, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
		fs.renameSync(partial, file)
	} finally {
		fs.rmSync(partial, { force: true })
	}
	return file
}

export function forgetCredentials() {
	fs.rmSync(credentialsPath(), { force: true })
}

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface LocalSecrets {
	sessionSecret: string
	pgPassword: string
}

/**
 * Secrets the embedded mode needs, generated on first start and kept in the data folder
 * so a restart keeps sessions and the database password. Nothing here is ever hard-coded.
 */
export function localSecrets(dataDir: string): LocalSecrets {
	const file = path.join(dataDir, 'secrets.json')
	if (fs.existsSync(file)) return readKept<LocalSecrets>(file)
	return keepFirst(file, {
		sessionSecret: randomBytes(32).toString('hex'),
		pgPassword: randomBytes(18).toString('base64url'),
	})
}

export const readKept = <T>(file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as T

/**
 * Keeps generated secrets in `file` (readable by this user only) unless another process got there
 * first: 'wx' so two processes starting together cannot overwrite each other's, and the one
 * that lost the race takes what the winner wrote. Returns what is kept.
 */
export function keepFirst<T>(file: string, secrets: T): T {
	fs.mkdirSync(path.dirname(file), { recursive: true })
	try {
		fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' })
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		return readKept<T>(file)
	}
	return secrets
}

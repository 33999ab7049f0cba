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
	if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalSecrets
	const secrets: LocalSecrets = {
		sessionSecret: randomBytes(32).toString('hex'),
		pgPassword: randomBytes(18).toString('base64url'),
	}
	fs.mkdirSync(dataDir, { recursive: true })
	// 'wx' so two processes starting together cannot overwrite each other's secrets.
	try {
		fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' })
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalSecrets
	}
	return secrets
}

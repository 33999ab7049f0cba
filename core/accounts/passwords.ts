import { hash, verify } from '@node-rs/argon2'

// argon2id with OWASP's recommended floor (19 MiB, 2 passes): about 60 ms a hash on this machine.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string) {
	return hash(password, OPTIONS)
}

export async function verifyPassword(hashed: string, password: string) {
	try {
		return await verify(hashed, password)
	} catch {
		return false
	}
}

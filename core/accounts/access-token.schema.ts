import { z } from 'zod'

/** Kept beside the schema, which the browser loads: the same list as TOKEN_SCOPES in actor.ts. */
export const ACCESS_TOKEN_SCOPES = ['read', 'write', 'staff'] as const

export const ACCESS_TOKEN_EXPIRIES = ['30', '90', '365', 'never'] as const

/** What each scope allows, as the token page says it. */
export const SCOPE_DESCRIPTIONS: Record<(typeof ACCESS_TOKEN_SCOPES)[number], string> = {
	read: 'List and download',
	write: 'Also create projects, upload, process and import',
	staff: 'Also tickets and operations (staff accounts only)',
}

export const CreateAccessTokenSchema = z.object({
	name: z
		.string({ required_error: 'Name is required' })
		.trim()
		.min(1, 'Name is required')
		.max(100, 'Name must be at most 100 characters'),
	scope: z.enum(ACCESS_TOKEN_SCOPES, { errorMap: () => ({ message: 'Choose read, write or staff' }) }),
	expiresIn: z.enum(ACCESS_TOKEN_EXPIRIES, {
		errorMap: () => ({ message: 'Choose 30, 90 or 365 days, or no expiry' }),
	}),
})
export type CreateAccessTokenInput = z.input<typeof CreateAccessTokenSchema>

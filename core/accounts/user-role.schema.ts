import { z } from 'zod'

/** Account roles: 'user' from the public sign-up, 'agent' from agent registration, 'admin' for staff. */
export const USER_ROLES = ['user', 'agent', 'admin'] as const
export type UserRole = (typeof USER_ROLES)[number]

const roleMessage = `Role must be one of ${USER_ROLES.join(', ')}`

export const UserListSchema = z.object({
	role: z.enum(USER_ROLES, { errorMap: () => ({ message: roleMessage }) }).optional(),
})
export type UserListInput = z.input<typeof UserListSchema>

export const SetRoleSchema = z.object({
	email: z
		.string({ required_error: 'Valid email address is required' })
		.trim()
		.toLowerCase()
		.email('Valid email address is required'),
	role: z.enum(USER_ROLES, { errorMap: () => ({ message: roleMessage }) }),
})
export type SetRoleInput = z.input<typeof SetRoleSchema>

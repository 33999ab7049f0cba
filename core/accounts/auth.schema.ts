import { z } from 'zod'

// Forms send '' for empty fields and conform sends nothing at all: both must read as the spec says.
const required = (message: string) => z.string({ required_error: message }).trim().min(1, message)

const username = z
	.string({ required_error: 'Username must be at least 3 characters' })
	.trim()
	.min(3, 'Username must be at least 3 characters')
	.max(50, 'Username must be at most 50 characters')
const password = z
	.string({ required_error: 'Password must be at least 6 characters' })
	.min(6, 'Password must be at least 6 characters')
	.max(200, 'Password must be at most 200 characters')
const email = z
	.string({ required_error: 'Valid email address is required' })
	.trim()
	.toLowerCase()
	.email('Valid email address is required')
const confirmPassword = z.string({ required_error: "Passwords don't match" })

function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
	if (value.password !== value.confirmPassword)
		ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "Passwords don't match" })
}

/** Username, or the account's e-mail: agents who registered with only an e-mail sign in with it. */
export const LoginSchema = z.object({ username, password })
export type LoginInput = z.infer<typeof LoginSchema>

/** What every sign-up form asks; agents register with these alone, the plain form adds a username. */
const newAccount = z.object({
	firstName: required('First name is required'),
	lastName: required('Last name is required'),
	email,
	password,
	confirmPassword,
})

export const USERNAME_IS_EMAIL = 'Username cannot be an email address other than your own'

/**
 * Sign-in takes a username or an e-mail in one field, so the two share one namespace: a username
 * that is an e-mail must be the account's own (agents' usernames are their e-mails).
 */
function usernameNotAnotherEmail(value: { username: string; email: string }, ctx: z.RefinementCtx) {
	if (value.username.includes('@') && value.username.toLowerCase() !== value.email)
		ctx.addIssue({ code: 'custom', path: ['username'], message: USERNAME_IS_EMAIL })
}

export const RegisterSchema = newAccount
	.extend({ username })
	.superRefine(passwordsMatch)
	.superRefine(usernameNotAnotherEmail)
export type RegisterInput = z.infer<typeof RegisterSchema>

export const AgentRegisterSchema = newAccount.superRefine(passwordsMatch)
export type AgentRegisterInput = z.infer<typeof AgentRegisterSchema>

export const CreateAdminSchema = z.object({
	email: email,
	username: username.optional(),
	password: password.optional(),
})
export type CreateAdminInput = z.infer<typeof CreateAdminSchema>

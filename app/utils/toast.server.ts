import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import { combineHeaders } from './misc.ts'
import { signedCookieOptions } from './session.server.ts'

export const ToastSchema = z.object({
	id: z.string().default(() => crypto.randomUUID()),
	type: z.enum(['message', 'success', 'error']).default('message'),
	title: z.string().optional(),
	description: z.string(),
})
export type Toast = z.infer<typeof ToastSchema>
export type ToastInput = z.input<typeof ToastSchema>

const toastStorage = createCookieSessionStorage({
	cookie: {
		name: 'rendo_toast',
		...signedCookieOptions(),
	},
})

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
	return redirect(url, { ...init, headers: combineHeaders(init?.headers, await createToastHeaders(toast)) })
}

export async function createToastHeaders(toast: ToastInput) {
	const session = await toastStorage.getSession()
	session.flash('toast', ToastSchema.parse(toast))
	return new Headers({ 'set-cookie': await toastStorage.commitSession(session) })
}

/** Reads the flashed toast (once) and the header that clears it. */
export async function getToast(request: Request) {
	const session = await toastStorage.getSession(request.headers.get('cookie'))
	const parsed = ToastSchema.safeParse(session.get('toast'))
	return {
		toast: parsed.success ? parsed.data : null,
		headers: parsed.success ? new Headers({ 'set-cookie': await toastStorage.destroySession(session) }) : null,
	}
}

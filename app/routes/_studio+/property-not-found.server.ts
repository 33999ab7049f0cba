import { data } from '@remix-run/node'
import { ForbiddenError, NotFoundError } from '#core/errors.ts'

/** A project read for its page: someone else's project is as unknown to this agent as a mistyped id (404). */
export async function orPropertyNotFound<T>(read: Promise<T>): Promise<T> {
	try {
		return await read
	} catch (error) {
		if (error instanceof NotFoundError || error instanceof ForbiddenError)
			throw data('Property not found', { status: 404 })
		throw error
	}
}

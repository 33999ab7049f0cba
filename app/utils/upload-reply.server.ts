import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import type { InputError } from '#core/errors.ts'

// Checks nothing: the core service already did, and a refused upload may have stopped before the fields.
const AsRead = z.object({}).passthrough()

/**
 * A conform reply for a multipart form the core refused. The fields read before the refusal come
 * back as they were typed (so a page without JavaScript shows them again), the core's messages
 * under their fields, and `formErrors` in the box under the form.
 */
export function uploadRefusal(
	fields: Record<string, string>,
	error: InputError,
	formErrors: string[] = [],
): SubmissionResult {
	const formData = new FormData()
	for (const [name, value] of Object.entries(fields)) formData.append(name, value)
	return parseWithZod(formData, { schema: AsRead }).reply({ fieldErrors: error.fieldErrors, formErrors })
}

import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { trialImageKey } from '#core/leads/trial-page.ts'

/** /trial/{token}/before and /trial/{token}/after: the token is the visitor's only key. */
export function loader({ params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const which = params.image
		if (which !== 'before' && which !== 'after') throw new NotFoundError()
		return serveStoredObject(await trialImageKey(params.token!, which))
	})
}

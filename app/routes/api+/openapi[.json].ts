import { openApiDocument } from '#app/api-contract/openapi.server.ts'

/** The OpenAPI 3.1 document of this API, generated from the zod schemas (app/api-contract/). */
export function loader() {
	return Response.json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } })
}

import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi'
import type { oas31 } from 'zod-openapi'
import { ErrorAnswer } from './answers.ts'
import { type Answer, type Operation, operations } from './operations.ts'

export type OpenApiDocument = oas31.OpenAPIObject

/** A token or session may be refused at the door whatever the route: these answers hold for every scoped call. */
const DOOR_REFUSALS: Record<number, Answer> = {
	401: {
		description: 'No session, or a wrong, expired or revoked token',
		schema: ErrorAnswer,
	},
	403: { description: 'The token lacks the scope this call needs (the message names it)', schema: ErrorAnswer },
	429: { description: 'Too many calls with this token', schema: ErrorAnswer, headers: { 'Retry-After': 'seconds' } },
}

export const SECURITY_SCHEMES = {
	bearerAuth: {
		type: 'http',
		scheme: 'bearer',
		bearerFormat: 'rendo_pat_…',
		description:
			'A personal access token (`Authorization: Bearer rendo_pat_…`) with the scope `read`, `write` or `staff`, each allowing what the one before does and more; each operation names the least scope it needs. Tokens are made on /settings/api-tokens.',
	},
	sessionCookie: {
		type: 'apiKey',
		in: 'cookie',
		name: 'rendo_session',
		description: 'The web session cookie set by /api/auth/login (HttpOnly, SameSite=Lax).',
	},
} as const

export function operationId(op: Pick<Operation, 'method' | 'path'>) {
	const words = op.path
		.replace(/^\/api\//, '')
		.split(/[/.\-{}]+/)
		.filter(Boolean)
	return [op.method, ...words].map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('')
}

function content(answer: Answer) {
	if (answer.binary)
		return { [answer.binary]: { schema: { type: 'string', contentMediaType: answer.binary } as oas31.SchemaObject } }
	if (answer.schema) return { 'application/json': { schema: answer.schema } }
	return undefined
}

function responses(op: Operation) {
	const all = op.scope ? { ...DOOR_REFUSALS, ...op.answers } : op.answers
	return Object.fromEntries(
		Object.entries(all).map(([status, answer]) => [
			status,
			{
				description: answer.description,
				...(content(answer) && { content: content(answer) }),
				...(answer.headers && {
					headers: Object.fromEntries(
						Object.entries(answer.headers).map(([name, description]) => [
							name,
							{ description, schema: { type: name === 'Retry-After' ? 'integer' : 'string' } },
						]),
					),
				}),
			},
		]),
	) as ZodOpenApiOperationObject['responses']
}

/** Who may call: a token of the scope or a session, the session alone, or anyone. */
export function security(op: Pick<Operation, 'scope'>): Array<Record<string, string[]>> {
	if (op.scope === 'session') return [{ sessionCookie: [] }]
	return op.scope ? [{ bearerAuth: [op.scope] }, { sessionCookie: [] }] : []
}

function operationObject(op: Operation): ZodOpenApiOperationObject {
	return {
		operationId: operationId(op),
		summary: op.summary,
		...(op.description && { description: op.description }),
		tags: op.tags,
		security: security(op),
		'x-rendo-scope': op.scope ?? 'public',
		...((op.params || op.query || op.headers) && {
			requestParams: {
				...(op.params && { path: op.params }),
				...(op.query && { query: op.query }),
				...(op.headers && { header: op.headers }),
			},
		}),
		...(op.body && {
			requestBody: {
				required: op.body.required ?? true,
				content: {
					[op.body.type === 'json' ? 'application/json' : 'multipart/form-data']: {
						schema: op.body.schema,
						...(op.body.jsonFields && {
							encoding: Object.fromEntries(
								op.body.jsonFields.map((name) => [name, { contentType: 'application/json' }]),
							),
						}),
					},
				},
			},
		}),
		responses: responses(op),
	}
}

function buildDocument(): OpenApiDocument {
	const paths: ZodOpenApiPathsObject = {}
	for (const op of operations) paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) }
	return createDocument({
		openapi: '3.1.0',
		info: {
			title: 'Rendo API',
			version: '1.0.0',
			description:
				"The JSON API the command line, the Telegram bot and scripts use. Generated from the zod schemas the routes and core check with; errors are `{ message, errors? }` in the spec's words. " +
				"Before any route, every call may also be refused: 413 for a body over its door's limit, 400 for a body that is not UTF-8 or carries a NUL, or for a token in the address (tokens go in the Authorization header only), and 403 for a mutating call with a foreign Origin.",
		},
		servers: [{ url: '/' }],
		tags: [...new Set(operations.flatMap((op) => op.tags))].map((name) => ({ name })),
		paths,
		components: { securitySchemes: SECURITY_SCHEMES as unknown as Record<string, oas31.SecuritySchemeObject> },
	}) as OpenApiDocument
}

let built: OpenApiDocument | undefined
/** The document, generated once per process from the operations list. */
export function openApiDocument(): OpenApiDocument {
	return (built ??= buildDocument())
}

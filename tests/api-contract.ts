import { readdir } from 'node:fs/promises'
import path from 'node:path'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'
import type { oas31 } from 'zod-openapi'
import { openApiDocument } from '#app/api-contract/openapi.server.ts'
import { type Operation, operations } from '#app/api-contract/operations.ts'

/**
 * The contract tests' tools (app/api-contract/openapi*.test.ts): call a documented operation through
 * the route module the operations list names, as Remix would, and check the answer against the
 * OpenAPI document's schema for the status it came with.
 */

export const ROUTES_DIR = path.join(import.meta.dirname, '..', 'app', 'routes', 'api+')

export const doc = openApiDocument()

const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
// A file part, in a multipart body as the document describes it.
ajv.addFormat('binary', true)
ajv.addSchema({ $id: 'rendo-openapi', components: doc.components })
export const validators = new Map<string, ReturnType<typeof ajv.compile>>()

/** The document's schema, its component references pointed at the document added above. */
function retarget(schema: unknown): unknown {
	if (Array.isArray(schema)) return schema.map(retarget)
	if (!schema || typeof schema !== 'object') return schema
	return Object.fromEntries(
		Object.entries(schema).map(([k, v]) => [
			k,
			k === '$ref' && typeof v === 'string' ? `rendo-openapi${v}` : retarget(v),
		]),
	)
}

export const key = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`
/** The statuses checked per operation, for a file's closing test. */
export const checked = new Map<string, Set<number>>()

function documentedAnswer(op: Operation, status: number) {
	const operation = doc.paths?.[op.path]?.[op.method] as oas31.OperationObject | undefined
	return operation?.responses?.[String(status)] as oas31.ResponseObject | undefined
}

/** Checks one real answer against the document; returns its JSON (or bytes for a file). */
export async function expectDocumented(op: Operation, response: Response) {
	const answer = documentedAnswer(op, response.status)
	const what = `${key(op)} answered ${response.status}`
	expect(answer, `${what}, which the document does not list`).toBeDefined()
	checked.set(key(op), (checked.get(key(op)) ?? new Set()).add(response.status))
	const media = Object.entries(answer!.content ?? {})[0]
	if (!media) {
		expect((await response.arrayBuffer()).byteLength, `${what} with a body the document does not describe`).toBe(0)
		return null
	}
	const [type, { schema }] = media
	expect(response.headers.get('content-type') ?? '', what).toContain(type)
	for (const header of Object.keys(answer!.headers ?? {}))
		expect(response.headers.get(header), `${what} without its ${header} header`).not.toBeNull()
	if (type !== 'application/json') return Buffer.from(await response.arrayBuffer())
	const body = await response.json()
	const validate = compiled(`${key(op)} ${response.status}`, schema)
	if (!validate(body))
		expect.fail(`${what} unlike its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 600)}`)
	return body
}

export type CallInit = {
	cookie?: string | null
	params?: Record<string, string>
	query?: Record<string, string>
	json?: unknown
	/** A JSON body sent byte for byte (a signed webhook). */
	raw?: string
	form?: {
		fields?: Record<string, string>
		files?: Array<{ field: string; bytes: Buffer; name: string; type?: string }>
	}
	headers?: Record<string, string>
	context?: Record<string, unknown>
}

export function findOperation(method: Operation['method'], pathTemplate: string) {
	const op = operations.find((o) => o.method === method && o.path === pathTemplate)
	if (!op) throw new Error(`${method} ${pathTemplate} is not documented`)
	return op
}

/** Calls the documented operation through the route module the registry names, and checks the answer. */
export async function hit(method: Operation['method'], pathTemplate: string, init: CallInit = {}) {
	const op = findOperation(method, pathTemplate)
	const params = init.params ?? {}
	const url = new URL(
		`http://localhost:3000${op.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(params[name]))}`,
	)
	for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value)
	const headers = new Headers(init.headers)
	if (init.cookie) headers.set('cookie', init.cookie)
	let body: BodyInit | undefined
	if (init.raw !== undefined) {
		headers.set('content-type', 'application/json')
		body = init.raw
	} else if (init.json !== undefined) {
		headers.set('content-type', 'application/json')
		body = JSON.stringify(init.json)
	} else if (init.form) {
		const form = new FormData()
		for (const [name, value] of Object.entries(init.form.fields ?? {})) form.set(name, value)
		for (const f of init.form.files ?? [])
			form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name)
		body = form
	}
	const request = new Request(url, { method: method.toUpperCase(), headers, body })
	const module = await routeModule(op.route)
	const handler = method === 'get' ? module.loader : module.action
	// Remix answers a thrown Response as it is (the token check throws its refusals).
	const response = (await Promise.resolve(handler!({ request, params, context: init.context ?? {} } as never)).catch(
		(thrown: unknown) => {
			if (thrown instanceof Response) return thrown
			throw thrown
		},
	)) as Response
	const answer = { status: response.status, headers: response.headers, body: await expectDocumented(op, response) }
	if (answer.status < 300) expectRequestDocumented(op, init)
	return answer
}

function compiled(id: string, schema: unknown) {
	let validate = validators.get(id)
	if (!validate) validators.set(id, (validate = ajv.compile(retarget(schema) as object)))
	return validate
}

/**
 * A request the route accepted must be one the document allows: its path, query and header
 * parameters and its body (a multipart form as its fields, each file part by its name, and parts
 * the document encodes as JSON parsed). A document stricter than the route, or naming other
 * fields, fails here.
 */
export function expectRequestDocumented(op: Operation, init: CallInit) {
	const operation = doc.paths?.[op.path]?.[op.method] as oas31.OperationObject
	const what = `${key(op)}: a request the route accepted`
	const given: Record<string, Record<string, string | undefined>> = {
		path: init.params ?? {},
		query: init.query ?? {},
		header: Object.fromEntries(new Headers(init.headers).entries()),
	}
	for (const parameter of (operation.parameters ?? []) as oas31.ParameterObject[]) {
		const value = given[parameter.in]?.[parameter.name.toLowerCase()] ?? given[parameter.in]?.[parameter.name]
		if (value === undefined) {
			expect(parameter.required ?? false, `${what} without its ${parameter.in} parameter ${parameter.name}`).toBe(false)
			continue
		}
		const validate = compiled(`${key(op)} ${parameter.in} ${parameter.name}`, parameter.schema)
		if (!validate(value)) expect.fail(`${what} with ${parameter.name}=${value}: ${ajv.errorsText(validate.errors)}`)
	}
	const content = (operation.requestBody as oas31.RequestBodyObject | undefined)?.content
	let body: unknown
	let media: oas31.MediaTypeObject | undefined
	if (init.json !== undefined || init.raw !== undefined) {
		media = content?.['application/json']
		body = init.raw !== undefined ? JSON.parse(init.raw) : init.json
	} else if (init.form) {
		media = content?.['multipart/form-data']
		const form: Record<string, unknown> = {}
		for (const [name, value] of Object.entries(init.form.fields ?? {}))
			form[name] = media?.encoding?.[name]?.contentType === 'application/json' ? JSON.parse(value) : value
		for (const f of init.form.files ?? []) {
			const many = (init.form.files ?? []).filter((other) => other.field === f.field).length > 1
			form[f.field] = many ? [...((form[f.field] as string[]) ?? []), f.name] : f.name
		}
		body = form
	} else {
		expect(
			(operation.requestBody as oas31.RequestBodyObject | undefined)?.required ?? false,
			`${what} without a body`,
		).toBe(false)
		return
	}
	expect(media, `${what} with a body the document does not describe`).toBeDefined()
	const validate = compiled(`${key(op)} request`, media!.schema)
	if (!validate(body))
		expect.fail(`${what}, unlike its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`)
}

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown }

export async function routeFile(route: string) {
	const files = await readdir(ROUTES_DIR)
	return files.find((f) => f.replace(/\.tsx?$/, '') === route)
}

export async function routeModule(route: string): Promise<RouteModule> {
	const file = await routeFile(route)
	if (!file) throw new Error(`no route file for ${route}`)
	return import(path.join(ROUTES_DIR, file))
}

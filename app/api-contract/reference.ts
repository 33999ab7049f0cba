import type { oas31 } from 'zod-openapi'
import type { OpenApiDocument } from './openapi.server.ts'

/**
 * The reference page's reading of the OpenAPI document: each operation with its shapes written as
 * short TypeScript-like text, so the page shows exactly what the document says.
 */

type Schema = oas31.SchemaObject | oas31.ReferenceObject

export interface ReferenceField {
	name: string
	in: string
	required: boolean
	shape: string
	description?: string
}

export interface ReferenceAnswer {
	status: string
	description: string
	mediaType?: string
	shape?: string
	/** The named shapes it uses, listed under Shapes. */
	refs: string[]
	headers: string[]
}

export interface ReferenceOperation {
	id: string
	tag: string
	method: string
	path: string
	summary: string
	description?: string
	scope: string
	parameters: ReferenceField[]
	body?: { mediaType: string; shape: string; refs: string[] }
	answers: ReferenceAnswer[]
}

export interface Reference {
	title: string
	description: string
	version: string
	tags: string[]
	operations: ReferenceOperation[]
	shapes: Array<{ name: string; shape: string; refs: string[] }>
}

const refName = (ref: string) => ref.replace('#/components/schemas/', '')

/** The component names a schema refers to, in order of first use. */
export function refsOf(schema: unknown, found = new Set<string>()): string[] {
	if (Array.isArray(schema)) for (const item of schema) refsOf(item, found)
	else if (schema && typeof schema === 'object')
		for (const [key, value] of Object.entries(schema)) {
			if (key === '$ref' && typeof value === 'string') found.add(refName(value))
			else refsOf(value, found)
		}
	return [...found]
}

function limits(s: oas31.SchemaObject) {
	const parts: string[] = []
	if (s.format && s.format !== 'binary') parts.push(s.format)
	if (s.minLength !== undefined && s.maxLength !== undefined) parts.push(`${s.minLength}–${s.maxLength} chars`)
	else if (s.minLength) parts.push(`≥ ${s.minLength} chars`)
	else if (s.maxLength !== undefined) parts.push(`≤ ${s.maxLength} chars`)
	if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum}–${s.maximum}`)
	if (s.minItems !== undefined && s.maxItems !== undefined) parts.push(`${s.minItems}–${s.maxItems} items`)
	else if (s.minItems) parts.push(`≥ ${s.minItems} items`)
	else if (s.maxItems !== undefined) parts.push(`≤ ${s.maxItems} items`)
	if (s.pattern) parts.push(`/${s.pattern}/`)
	if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`)
	return parts.length ? ` (${parts.join(', ')})` : ''
}

/** One schema as text; nested objects indent by two spaces. */
export function shapeText(schema: Schema | undefined, indent = ''): string {
	if (!schema) return 'unknown'
	if ('$ref' in schema) return refName(schema.$ref)
	const s = schema
	if (s.const !== undefined) return JSON.stringify(s.const)
	if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ')
	if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf)!.map((x) => shapeText(x, indent)).join(' | ')
	if (s.allOf) return s.allOf.map((x) => shapeText(x, indent)).join(' & ')
	const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
	const nullable = types.includes('null')
	const type = types.find((t) => t !== 'null')
	const orNull = nullable ? ' | null' : ''
	if (type === 'array') return `${wrap(shapeText(s.items as Schema, indent))}[]${limits(s)}${orNull}`
	if (type === 'object' || s.properties) {
		const props = Object.entries(s.properties ?? {})
		const extra =
			s.additionalProperties && typeof s.additionalProperties === 'object'
				? [`${indent}  [key: string]: ${shapeText(s.additionalProperties, `${indent}  `)}`]
				: s.additionalProperties === true || (!props.length && s.additionalProperties !== false)
					? [`${indent}  …`]
					: []
		if (!props.length && !extra.length) return `{}${orNull}`
		const lines = props.map(([name, value]) => {
			const optional = s.required?.includes(name) ? '' : '?'
			const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)
			const about = typeof value === 'object' && 'description' in value && value.description
			return `${indent}  ${key}${optional}: ${shapeText(value, `${indent}  `)}${about ? `  // ${about}` : ''}`
		})
		return `{\n${[...lines, ...extra].join('\n')}\n${indent}}${orNull}`
	}
	if (s.format === 'binary' || s.contentMediaType) return `file${orNull}`
	return `${type ?? 'any'}${limits(s)}${orNull}`
}

const wrap = (text: string) => (text.includes(' | ') && !text.startsWith('{') ? `(${text})` : text)

export function readReference(doc: OpenApiDocument): Reference {
	const operations: ReferenceOperation[] = []
	for (const [path, item] of Object.entries(doc.paths ?? {}))
		for (const method of ['get', 'post', 'put', 'delete'] as const) {
			const op = item[method]
			if (!op) continue
			const body = op.requestBody && 'content' in op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined
			operations.push({
				id: op.operationId!,
				tag: op.tags?.[0] ?? 'Other',
				method: method.toUpperCase(),
				path,
				summary: op.summary ?? '',
				description: op.description,
				scope: String((op as Record<string, unknown>)['x-rendo-scope'] ?? 'public'),
				parameters: (op.parameters ?? []).flatMap((p) =>
					'$ref' in p
						? []
						: [
								{
									name: p.name,
									in: p.in,
									required: !!p.required,
									shape: shapeText(p.schema),
									description:
										p.description ?? (p.schema && 'description' in p.schema ? p.schema.description : undefined),
								},
							],
				),
				body: body && { mediaType: body[0], shape: shapeText(body[1].schema), refs: refsOf(body[1].schema) },
				answers: Object.entries(op.responses ?? {}).map(([status, response]) => {
					const r = response as oas31.ResponseObject
					const media = r.content ? Object.entries(r.content)[0] : undefined
					return {
						status,
						description: r.description,
						mediaType: media?.[0],
						shape: media && media[0] === 'application/json' ? shapeText(media[1].schema) : undefined,
						refs: media ? refsOf(media[1].schema) : [],
						headers: Object.keys(r.headers ?? {}),
					}
				}),
			})
		}
	return {
		title: doc.info.title,
		description: doc.info.description ?? '',
		version: doc.info.version,
		tags: (doc.tags ?? []).map((t) => t.name),
		operations,
		shapes: Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => ({
			name,
			shape: shapeText(schema),
			refs: refsOf(schema),
		})),
	}
}

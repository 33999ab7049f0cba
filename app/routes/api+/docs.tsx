import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ApiOperation, MethodBadge, Prose, Shape } from '#app/components/api-reference/operation.tsx'
import { openApiDocument } from '#app/api-contract/openapi.server.ts'
import { readReference } from '#app/api-contract/reference.ts'

export const meta: MetaFunction = () => [
	{ title: 'API reference | Rendo' },
	{ name: 'description', content: "Every call of Rendo's JSON API: method, path, scope, request, answers and errors." },
]

/** The reference of /api/openapi.json, rendered by our own components (no third-party viewer, no CDN). */
export function loader() {
	return readReference(openApiDocument())
}

export default function ApiDocs() {
	const reference = useLoaderData<typeof loader>()
	const byTag = reference.tags.map((tag) => ({ tag, ops: reference.operations.filter((op) => op.tag === tag) }))
	return (
		<div className="mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-8 sm:px-6 sm:py-12">
			<header className="flex flex-col gap-3">
				<h1 className="text-3xl font-bold tracking-tight text-brand sm:text-4xl">API reference</h1>
				<p className="text-gray-700">
					<Prose text={reference.description} />
				</p>
				<p className="text-sm text-gray-700">
					Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1, version {reference.version}
					). Authenticate with a personal access token,{' '}
					<code className="font-mono text-xs">Authorization: Bearer rendo_pat_…</code>, whose scope (
					<code className="font-mono text-xs">read</code>, <code className="font-mono text-xs">write</code> or{' '}
					<code className="font-mono text-xs">staff</code>) each call names, or with the session cookie of a signed-in
					browser. A wrong, expired or revoked token is a 401, a missing scope a 403, too many calls a 429 with
					Retry-After.
				</p>
			</header>

			<nav aria-labelledby="contents" className="flex flex-col gap-4">
				<h2 id="contents" className="text-xl font-bold text-gray-900">
					Contents
				</h2>
				{byTag.map(({ tag, ops }) => (
					<div key={tag} className="flex flex-col gap-2">
						<h3 className="text-sm font-semibold uppercase tracking-wide text-gray-600">
							<a href={`#tag-${tag}`}>{tag}</a>
						</h3>
						<ul className="flex flex-col gap-1">
							{ops.map((op) => (
								<li key={op.id} className="flex min-w-0 items-center gap-2">
									<MethodBadge method={op.method} />
									<a href={`#${op.id}`} className="min-w-0 break-all font-mono text-sm">
										{op.path}
									</a>
								</li>
							))}
						</ul>
					</div>
				))}
				<a href="#shapes" className="text-sm font-semibold">
					Shapes
				</a>
			</nav>

			{byTag.map(({ tag, ops }) => (
				<section key={tag} aria-labelledby={`tag-${tag}`} className="flex flex-col gap-6">
					<h2 id={`tag-${tag}`} className="border-b border-gray-200 pb-2 text-2xl font-bold text-gray-900">
						{tag}
					</h2>
					{ops.map((op) => (
						<ApiOperation key={op.id} operation={op} />
					))}
				</section>
			))}

			<section aria-labelledby="shapes" className="flex flex-col gap-4">
				<h2 id="shapes" className="border-b border-gray-200 pb-2 text-2xl font-bold text-gray-900">
					Shapes
				</h2>
				{reference.shapes.map((shape) => (
					<div key={shape.name} id={`shape-${shape.name}`} className="flex flex-col gap-2">
						<h3 className="font-mono text-base font-semibold">{shape.name}</h3>
						<Shape text={shape.shape} refs={shape.refs} />
					</div>
				))}
			</section>
		</div>
	)
}

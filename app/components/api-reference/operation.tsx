import type { ReferenceOperation } from '#app/api-contract/reference.ts'
import { cn } from '#app/utils/cn.ts'

const METHOD_COLOURS: Record<string, string> = {
	GET: 'bg-sky-100 text-sky-900',
	POST: 'bg-emerald-100 text-emerald-900',
	PUT: 'bg-amber-100 text-amber-900',
	DELETE: 'bg-red-100 text-red-900',
}

export function MethodBadge({ method }: { method: string }) {
	return (
		<span
			className={cn(
				'inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold',
				METHOD_COLOURS[method] ?? 'bg-muted text-gray-900',
			)}
		>
			{method}
		</span>
	)
}

/** The document's prose, with its `code` spans as code. */
export function Prose({ text }: { text: string }) {
	return (
		<>
			{text.split(/`([^`]+)`/).map((part, i) =>
				i % 2 ? (
					// biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
					<code key={i} className="font-mono text-[0.9em]">
						{part}
					</code>
				) : (
					part
				),
			)}
		</>
	)
}

/** A shape as text, with links to the named shapes it uses (listed at the end of the page). */
export function Shape({ text, refs = [] }: { text: string; refs?: string[] }) {
	return (
		<div className="flex flex-col gap-1">
			<pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words">
				{text}
			</pre>
			{refs.length ? (
				<p className="text-xs text-gray-700">
					See{' '}
					{refs.map((name, i) => (
						<span key={name}>
							{i ? ', ' : ''}
							<a href={`#shape-${name}`} className="font-mono">
								{name}
							</a>
						</span>
					))}
				</p>
			) : null}
		</div>
	)
}

const scopeWords = (scope: string) =>
	scope === 'public' ? 'No account needed' : `Token scope ${scope}, or a signed-in session`

/** One call of the API: what to send and every answer, under an anchor named by its operationId. */
export function ApiOperation({ operation: op }: { operation: ReferenceOperation }) {
	return (
		<article id={op.id} aria-labelledby={`${op.id}-title`} className="flex scroll-mt-24 flex-col gap-3">
			<h3 id={`${op.id}-title`} className="flex min-w-0 flex-wrap items-center gap-2">
				<MethodBadge method={op.method} />
				<code className="min-w-0 break-all font-mono text-sm font-semibold">{op.path}</code>
				<a href={`#${op.id}`} className="text-xs text-gray-600" aria-label={`Link to ${op.method} ${op.path}`}>
					#
				</a>
			</h3>
			<p className="font-medium text-gray-900">{op.summary}</p>
			{op.description ? (
				<p className="text-sm text-gray-700">
					<Prose text={op.description} />
				</p>
			) : null}
			<p className="text-sm">
				<span className="rounded bg-muted px-1.5 py-0.5 text-xs font-semibold text-gray-900">{op.scope}</span>{' '}
				<span className="text-gray-700">{scopeWords(op.scope)}</span>
			</p>

			{op.parameters.length ? (
				<div className="flex flex-col gap-1">
					<h4 className="text-sm font-semibold text-gray-900">Parameters</h4>
					<ul className="flex flex-col gap-1 text-sm">
						{op.parameters.map((p) => (
							<li key={`${p.in}-${p.name}`} className="break-words">
								<code className="font-mono text-xs font-semibold">{p.name}</code>{' '}
								<span className="text-gray-600">
									({p.in}
									{p.required ? ', required' : ''})
								</span>{' '}
								<code className="font-mono text-xs">{p.shape}</code>
								{p.description ? <span className="text-gray-700">: {p.description}</span> : null}
							</li>
						))}
					</ul>
				</div>
			) : null}

			{op.body ? (
				<div className="flex flex-col gap-1">
					<h4 className="text-sm font-semibold text-gray-900">
						Request body <span className="font-mono text-xs font-normal text-gray-600">{op.body.mediaType}</span>
					</h4>
					<Shape text={op.body.shape} refs={op.body.refs} />
				</div>
			) : null}

			<div className="flex flex-col gap-2">
				<h4 className="text-sm font-semibold text-gray-900">Answers</h4>
				<dl className="flex flex-col gap-2">
					{op.answers.map((a) => (
						<div key={a.status} className="flex flex-col gap-1">
							<dt className="text-sm">
								<span
									className={cn(
										'font-mono font-semibold',
										Number(a.status) < 300
											? 'text-emerald-800'
											: Number(a.status) < 400
												? 'text-gray-700'
												: 'text-red-800',
									)}
								>
									{a.status}
								</span>{' '}
								<span className="text-gray-700">
									<Prose text={a.description} />
								</span>
								{a.mediaType && a.mediaType !== 'application/json' ? (
									<span className="font-mono text-xs text-gray-600"> {a.mediaType}</span>
								) : null}
								{a.headers.length ? (
									<span className="text-xs text-gray-600"> (headers: {a.headers.join(', ')})</span>
								) : null}
							</dt>
							{a.shape ? (
								<dd>
									<Shape text={a.shape} refs={a.refs} />
								</dd>
							) : null}
						</div>
					))}
				</dl>
			</div>
		</article>
	)
}

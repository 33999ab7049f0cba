import { isRouteErrorResponse, Link, useLocation, useParams, useRouteError, type ErrorResponse } from '@remix-run/react'
import { ArrowLeft, CircleAlert, SearchX } from 'lucide-react'
import { useEffect, type ReactElement, type ReactNode } from 'react'
import { buttonClasses } from '#app/components/ui/button.tsx'

type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactElement | null

function ErrorPanel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
	return (
		<div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center sm:py-24">
			<div className="flex size-14 items-center justify-center rounded-full bg-muted text-brand">{icon}</div>
			<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
			{children}
			<Link to="/" className={buttonClasses()}>
				<ArrowLeft aria-hidden className="size-4" />
				Back to Home
			</Link>
		</div>
	)
}

/** The 404 of a link sent by e-mail (a trial, a brochure): what was not found, and what to check. */
/** A link that opens nothing (unknown, switched off, replaced): what happened and what to do, centred. */
export function LinkUnavailable({ title, children }: { title: string; children: ReactNode }) {
	return (
		<div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center sm:py-24">
			<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
			{children}
		</div>
	)
}

export function LinkNotFound({ what, children }: { what: 'trial' | 'brochure'; children?: ReactNode }) {
	return (
		<LinkUnavailable title={`${what === 'trial' ? 'Trial' : 'Brochure'} not found`}>
			<p className="text-muted-foreground">
				This {what} link is not valid. Check that you copied the whole link from the e-mail.
			</p>
			{children}
		</LinkUnavailable>
	)
}

export function NotFoundPage() {
	const { pathname } = useLocation()
	return (
		<ErrorPanel icon={<SearchX aria-hidden className="size-7" />} title="Page Not Found">
			<p className="text-muted-foreground">
				We couldn't find <span className="font-mono break-all text-gray-900">{pathname}</span>. It may have moved, or
				the link may be mistyped.
			</p>
		</ErrorPanel>
	)
}

function errorMessage(error: unknown) {
	if (error instanceof Error) return error.message
	if (typeof error === 'string') return error
	return 'Unknown error'
}

const defaultStatusHandlers: Record<number, StatusHandler> = {
	404: () => <NotFoundPage />,
}

/** One error page for every route; routes pass handlers for the statuses they word differently. */
export function GeneralErrorBoundary({
	defaultStatusHandler = ({ error }) => (
		<ErrorPanel icon={<CircleAlert aria-hidden className="size-7" />} title={`Error ${error.status}`}>
			<p className="text-muted-foreground">
				{typeof error.data === 'string' && error.data ? error.data : error.statusText}
			</p>
		</ErrorPanel>
	),
	statusHandlers,
	unexpectedErrorHandler = (error) => (
		<ErrorPanel icon={<CircleAlert aria-hidden className="size-7" />} title="Something went wrong">
			<p className="text-muted-foreground">{errorMessage(error)}</p>
		</ErrorPanel>
	),
}: {
	defaultStatusHandler?: StatusHandler
	statusHandlers?: Record<number, StatusHandler>
	unexpectedErrorHandler?: (error: unknown) => ReactElement | null
}) {
	const error = useRouteError()
	const params = useParams()
	const isResponse = isRouteErrorResponse(error)

	// Thrown responses are expected outcomes (404, 403); only real failures are worth reporting.
	useEffect(() => {
		if (!isResponse) console.error(error)
	}, [error, isResponse])

	if (!isResponse) return unexpectedErrorHandler(error)
	const handler = statusHandlers?.[error.status] ?? defaultStatusHandlers[error.status] ?? defaultStatusHandler
	return handler({ error, params })
}

// A root splat route: any path no other route matches ends here. Throwing 404 from the loader
// (and the action, for stray POSTs) renders the error boundary inside the site layout, with a
// real 404 status instead of Remix's bare default page.
import type { MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary, NotFoundPage } from '#app/components/error-boundary.tsx'

export const meta: MetaFunction = () => [{ title: 'Page Not Found | Rendo' }]

export function loader() {
	throw new Response('Not found', { status: 404 })
}

export function action() {
	throw new Response('Not found', { status: 404 })
}

export default function NotFound() {
	// The loader always throws, so this only renders if that ever changes.
	return <ErrorBoundary />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
}

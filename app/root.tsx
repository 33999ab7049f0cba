import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useIsBuyerPage } from '#app/components/buyer/buyer-layout.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { Toaster } from '#app/components/toaster.tsx'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { Stylesheet } from '#app/utils/inline-stylesheet.tsx'
import { useNonce } from '#app/utils/nonce-provider.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { roleLabel } from '#core/accounts/actor.ts'
import { pioneerStatus } from '#core/accounts/register.ts'
import stylesheet from './tailwind.css?url'

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export const meta: MetaFunction = () => [
	{ title: 'Rendo: See the Potential. Sell the Vision.' },
	{ name: 'description', content: 'Virtual home staging for estate agents.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
	const [session, pioneer, { toast, headers }] = await Promise.all([
		getSessionUser(request),
		pioneerStatus(),
		getToast(request),
	])
	const user = session && {
		id: session.user.id,
		username: session.user.username,
		email: session.user.email,
		firstName: session.user.firstName,
		roleLabel: roleLabel(session.actor)!,
		isAdmin: session.actor.kind === 'user' && session.actor.isAdmin,
		isCeo: session.actor.kind === 'user' && session.actor.isCeo,
	}
	return data({ user, pioneer, toast, year: new Date().getFullYear() }, { headers: headers ?? undefined })
}

export type RootLoader = typeof loader
export type RootUser = NonNullable<Awaited<ReturnType<typeof useRootData>>>['user']

export function useRootData() {
	return useRouteLoaderData<RootLoader>('root')
}

function Document({ children }: { children: ReactNode }) {
	// The CSP allows inline scripts by this per-request nonce (see security-headers.server.ts).
	const nonce = useNonce()
	return (
		<html lang="en-GB" className="h-full">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Stylesheet href={stylesheet} />
				<Links />
			</head>
			<body className="flex min-h-full flex-col bg-white font-sans text-gray-900 antialiased">
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	const { user, pioneer, toast, year } = useLoaderData<typeof loader>()
	// A page for buyers draws its own frame in the agent's brand (BuyerLayout), with none of Rendo's.
	const buyerPage = useIsBuyerPage()
	return (
		<Document>
			<Toaster toast={toast}>
				{buyerPage ? (
					<Outlet />
				) : (
					<>
						<SiteHeader user={user} pioneer={pioneer} />
						<main className="flex-1">
							<Outlet />
						</main>
						<SiteFooter year={year} />
					</>
				)}
			</Toaster>
		</Document>
	)
}

export function ErrorBoundary() {
	return (
		<Document>
			<main className="flex-1">
				<GeneralErrorBoundary />
			</main>
		</Document>
	)
}

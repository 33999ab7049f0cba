import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { TestBrochurePanel } from '#app/components/brochures/test-brochure-panel.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Test Brochure | Rendo' }]

export async function loader({ request }: LoaderFunctionArgs) {
	await requireSessionUser(request)
	return null
}

export default function TestBrochurePage() {
	return (
		<div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Test Brochure</h1>
				<p className="text-muted-foreground">
					See a sample post-viewing brochure in your brand: three rooms, before and staged, with your logo, colours,
					font and template. Change them in your{' '}
					<Link to="/agent-onboarding" className="font-medium text-brand underline underline-offset-2">
						agent profile
					</Link>
					.
				</p>
			</div>
			<TestBrochurePanel />
		</div>
	)
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { TestBrochurePanel } from '#app/components/brochures/test-brochure-panel.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { createTestBrochure } from '#core/brochures/test-brochure.ts'
import { RateLimitError } from '#core/errors.ts'

export const meta: MetaFunction = () => [{ title: 'Test Brochure | Rendo' }]

export async function loader({ request }: LoaderFunctionArgs) {
	await requireSessionUser(request)
	return null
}

/**
 * 'Generate Test Brochure': builds it now and answers with its name, token and link, shown in
 * place (nothing to redirect to: the test brochure is listed nowhere).
 */
export async function action({ request }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	try {
		return { generated: await createTestBrochure(actor), failed: false }
	} catch (error) {
		if (!(error instanceof RateLimitError)) throw error
		return data({ generated: null, failed: true }, { status: 429 })
	}
}

export default function TestBrochurePage() {
	const actionData = useActionData<typeof action>()
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
			<TestBrochurePanel posted={actionData} />
		</div>
	)
}

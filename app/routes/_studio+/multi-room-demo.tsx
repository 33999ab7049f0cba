import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PreferenceConfirmation } from '#app/components/preferences/confirmation.tsx'
import { MultiRoomDemoForm } from '#app/components/preferences/multi-room-demo-form.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { preferenceAction, takeConfirmation } from '#app/utils/client-preference.server.ts'

export const meta: MetaFunction = () => [{ title: 'Multi-Room Brochure Demo | Rendo' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireSessionUser(request)
	const { confirmation, headers } = await takeConfirmation(request)
	return data({ email: user.email, confirmation }, { headers: headers ?? undefined })
}

/** The demo's one post (multipart: the fields, 1-10 room photos and their room types) → the confirmation. */
export async function action({ request }: ActionFunctionArgs) {
	// The session is checked before a byte of the photos is read.
	const { actor } = await requireSessionUser(request)
	return preferenceAction(request, actor, 'demo', {
		path: '/multi-room-demo',
		successToast: ({ message }) => ({
			type: 'success',
			title: 'Multi-room preference submitted successfully',
			description: message,
		}),
		failureToast: () => ({
			title: 'Submission failed',
			description: 'Failed to submit multi-room preference. Please try again.',
		}),
	})
}

export default function MultiRoomDemoPage() {
	const { email, confirmation } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Multi-Room Brochure</h1>
				<p className="text-muted-foreground">
					Up to 10 rooms, staged in one style at the quality and lighting you choose, gathered into one branded
					brochure.
				</p>
			</div>
			{confirmation ? (
				<PreferenceConfirmation result={confirmation} resetLabel="Create Another Brochure" />
			) : (
				<MultiRoomDemoForm defaultAgentEmail={email} />
			)}
		</div>
	)
}

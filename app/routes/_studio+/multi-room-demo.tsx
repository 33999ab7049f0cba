import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { PreferenceConfirmation, type SubmittedPreference } from '#app/components/preferences/confirmation.tsx'
import { MultiRoomDemoForm } from '#app/components/preferences/multi-room-demo-form.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Multi-Room Brochure Demo | Rendo' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireSessionUser(request)
	return { email: user.email }
}

export default function MultiRoomDemoPage() {
	const { email } = useLoaderData<typeof loader>()
	const [result, setResult] = useState<SubmittedPreference | null>(null)
	const [formKey, setFormKey] = useState(0)
	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Multi-Room Brochure</h1>
				<p className="text-muted-foreground">
					Up to 10 rooms, staged in one style at the quality and lighting you choose, gathered into one branded
					brochure.
				</p>
			</div>
			{result ? (
				<PreferenceConfirmation
					result={result}
					resetLabel="Create Another Brochure"
					onReset={() => {
						setResult(null)
						setFormKey((k) => k + 1)
					}}
				/>
			) : (
				<MultiRoomDemoForm key={formKey} defaultAgentEmail={email} onSubmitted={setResult} />
			)}
		</div>
	)
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Mail } from 'lucide-react'
import { useState } from 'react'
import { ClientPreferenceForm } from '#app/components/preferences/client-preference-form.tsx'
import { PreferenceConfirmation, type SubmittedPreference } from '#app/components/preferences/confirmation.tsx'
import { Tabs } from '#app/components/ui/tabs.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Client Preferences | Rendo' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireSessionUser(request)
	return { email: user.email }
}

function EmailPreferences() {
	return (
		<div className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5 text-gray-700 sm:p-6">
			<div className="flex items-center gap-2 text-gray-900">
				<Mail aria-hidden className="size-5 text-brand" />
				<h2 className="text-lg font-semibold">Email service coming soon</h2>
			</div>
			<p>
				Soon your clients will be able to e-mail their preferences straight to us. Until then, any notes sent by e-mail
				go to our notes mailbox rather than into your brochures.
			</p>
			<p>For now, please use the Upload Property Image form to send a client’s preferences.</p>
		</div>
	)
}

export default function ClientPreferencesPage() {
	const { email } = useLoaderData<typeof loader>()
	const [result, setResult] = useState<SubmittedPreference | null>(null)
	// A new key mounts a fresh form: every field, photo and message back to the start.
	const [formKey, setFormKey] = useState(0)

	const upload = result ? (
		<PreferenceConfirmation
			result={result}
			resetLabel="Submit Another Request"
			onReset={() => {
				setResult(null)
				setFormKey((k) => k + 1)
			}}
		/>
	) : (
		<ClientPreferenceForm key={formKey} defaultAgentEmail={email} onSubmitted={setResult} />
	)

	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Client Preferences</h1>
				<p className="text-muted-foreground">
					After a viewing, tell us what your client liked. We stage their rooms in that style and build a branded
					brochure to send them.
				</p>
			</div>
			<Tabs
				label="Client preferences"
				look="segmented"
				keepMounted
				tabs={[
					{ label: 'Upload Property Image', content: upload },
					{ label: 'Email Preferences', content: <EmailPreferences /> },
				]}
			/>
		</div>
	)
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { Mail } from 'lucide-react'
import { ClientPreferenceForm } from '#app/components/preferences/client-preference-form.tsx'
import { PreferenceConfirmation } from '#app/components/preferences/confirmation.tsx'
import type { Mode } from '#app/components/preferences/mode-choice.tsx'
import { Tabs } from '#app/components/ui/tabs.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { preferenceAction, takeConfirmation } from '#app/utils/client-preference.server.ts'
import { dispatchIntent, type IntentHandlers } from '#app/utils/intents.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { listStagedFavourites } from '#core/preferences/staged-favourites.ts'

export const meta: MetaFunction = () => [{ title: 'Client Preferences | Rendo' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const { user, actor } = await requireSessionUser(request)
	const [{ confirmation, headers }, favourites] = await Promise.all([
		takeConfirmation(request),
		listStagedFavourites(actor),
	])
	return data({ email: user.email, confirmation, favourites }, { headers: headers ?? undefined })
}

/** One mode's post: its photo rules (spec 02 §5) apply while the photos stream in. */
function submitMode(mode: Mode) {
	return ({ request, actor }: { request: Request; actor: Actor }) =>
		preferenceAction(request, actor, mode, {
			path: '/client-preferences',
			failureAlert: `${mode === 'multi' ? 'Multi-room' : 'Single room'} submission failed: Bad Request`,
			failureToast: (error) => ({ title: 'Error submitting preferences', description: error.message }),
		})
}

const MODE_INTENTS: IntentHandlers<{ request: Request; actor: Actor }> = {
	single: submitMode('single'),
	multi: submitMode('multi'),
}

/** The client form, posted to `?intent=single` or `?intent=multi`. */
export async function action({ request }: ActionFunctionArgs) {
	// The session is checked before a byte of the photos is read.
	const { actor } = await requireSessionUser(request)
	return dispatchIntent(request, MODE_INTENTS, { request, actor })
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
	const { email, confirmation, favourites } = useLoaderData<typeof loader>()
	// The form's address names its mode (see ModeChoice); with JavaScript the form then keeps its own.
	const [searchParams] = useSearchParams()
	const mode: Mode = searchParams.get('intent') === 'multi' ? 'multi' : 'single'

	const upload = confirmation ? (
		<PreferenceConfirmation result={confirmation} resetLabel="Submit Another Request" />
	) : (
		<ClientPreferenceForm defaultAgentEmail={email} initialMode={mode} favourites={favourites} />
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

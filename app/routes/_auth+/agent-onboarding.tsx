import {
	data,
	type ActionFunctionArgs,
	type LinksFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import interBold from '@fontsource/inter/latin-700.css?url'
import inter from '@fontsource/inter/latin-400.css?url'
import latoBold from '@fontsource/lato/latin-700.css?url'
import lato from '@fontsource/lato/latin-400.css?url'
import montserratBold from '@fontsource/montserrat/latin-700.css?url'
import montserrat from '@fontsource/montserrat/latin-400.css?url'
import openSansBold from '@fontsource/open-sans/latin-700.css?url'
import openSans from '@fontsource/open-sans/latin-400.css?url'
import playfairItalic from '@fontsource/playfair-display/latin-400-italic.css?url'
import playfair from '@fontsource/playfair-display/latin-400.css?url'
import robotoBold from '@fontsource/roboto/latin-700.css?url'
import roboto from '@fontsource/roboto/latin-400.css?url'
import { OnboardingSuccess } from '#app/components/onboarding/onboarding-success.tsx'
import { OnboardingWizard } from '#app/components/onboarding/onboarding-wizard.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import {
	ONBOARDED_LINKS,
	onboardedMessage,
	onboardFromRequest,
	refusalMessages,
} from '#app/utils/onboard-agent.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { uploadRefusal } from '#app/utils/upload-reply.server.ts'
import { BRAND_DEFAULTS, disclosureChoice, LABEL_OFF_SAVED } from '#core/accounts/agent-profile.schema.ts'
import { onboardingDefaults } from '#core/accounts/agent-profile.ts'

export const meta: MetaFunction = () => [{ title: 'Agent Onboarding | Rendo' }]

// The six brand fonts, served from the installed @fontsource packages, so the cover preview is
// drawn in the font the brochure will use. Browsers fetch only the faces the preview shows.
export const links: LinksFunction = () =>
	[
		inter,
		interBold,
		roboto,
		robotoBold,
		openSans,
		openSansBold,
		lato,
		latoBold,
		montserrat,
		montserratBold,
		playfair,
		playfairItalic,
	].map((href) => ({
		rel: 'stylesheet',
		href,
	}))

/** The success screen's address after a save (Post/Redirect/Get): whether the profile was new. */
const DONE = 'done'
type Done = 'created' | 'updated'

export async function loader({ request }: LoaderFunctionArgs) {
	const { user, actor } = await requireSessionUser(request)
	const { profile, logoUrl } = await onboardingDefaults(actor)
	const agentName = [user.firstName, user.lastName].filter(Boolean).join(' ')
	const done = new URL(request.url).searchParams.get(DONE)
	return {
		// The screen that follows a first save still reads as onboarding.
		isUpdate: !!profile && done !== 'created',
		onboarded:
			profile && (done === 'created' || done === 'updated')
				? {
						agentId: profile.agentId,
						message: onboardedMessage(done === 'created'),
						email: profile.email,
						// Said again after saving with the label off (the wizard said it beside the choice).
						labelOff: profile.disclosureLabel === disclosureChoice(false),
						market: profile.market,
						...ONBOARDED_LINKS,
					}
				: null,
		defaults: profile ?? {
			...BRAND_DEFAULTS,
			disclosureLabel: disclosureChoice(BRAND_DEFAULTS.disclosureLabel),
			disclosureText: '',
			companyName: '',
			agentName,
			email: user.email,
			phone: '',
			website: '',
		},
		logoUrl,
	}
}

/** The wizard's one post (multipart: the fields and an optional logo) → the success screen, or the form with its errors. */
export async function action({ request }: ActionFunctionArgs) {
	// The session is checked before a byte of the logo is read.
	const { actor } = await requireSessionUser(request)
	const outcome = await onboardFromRequest(request, actor)
	if (!outcome.ok) {
		const { error, fields } = outcome
		return data(
			{ result: uploadRefusal(fields, error, refusalMessages(error)), message: error.message },
			{ status: 400 },
		)
	}
	const done: Done = outcome.created ? 'created' : 'updated'
	const labelOff = outcome.fields.disclosureLabel === disclosureChoice(false)
	return redirectWithToast(`/agent-onboarding?${DONE}=${done}`, {
		type: 'success',
		title: 'Onboarding Complete!',
		description: `Your agent profile has been created successfully.${labelOff ? ` ${LABEL_OFF_SAVED}` : ''}`,
	})
}

export default function AgentOnboardingPage() {
	const { defaults, logoUrl, isUpdate, onboarded } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
					{isUpdate ? 'Your Agent Profile' : 'Agent Onboarding'}
				</h1>
				<p className="text-muted-foreground">
					Your company, contact details and brand: every brochure you send carries them.
				</p>
			</div>
			{onboarded ? (
				<OnboardingSuccess result={onboarded} />
			) : (
				<OnboardingWizard defaults={defaults} savedLogoUrl={logoUrl} />
			)}
		</div>
	)
}

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProjectWorkflow } from '#app/components/studio/project-workflow.tsx'
import { PropertyNotFoundPanel } from '#app/components/studio/studio-error-panel.tsx'
import { addressedStep } from '#app/components/studio/workflow-steps.ts'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { dispatchIntent } from '#app/utils/intents.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { orPropertyNotFound } from './property-not-found.server.ts'
import { editRefusals } from '#core/edits/edit-room.ts'
import { getProject } from '#core/studio/projects.ts'
import { listRooms } from '#core/studio/rooms.ts'
import { listVariations } from '#core/studio/variations.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'
import { checkoutIntents, checkoutPageData } from './project-checkout.server.ts'
import { editIntents, editPanelOf } from './project-edits.server.ts'
import { photoEditRefusals, renderIntents } from './project-render.server.ts'
import { roomViewIntents } from './project-room-views.server.ts'
import { uploadIntents } from './project-upload.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `${data.project.propertyAddress} | Property Studio | Rendo` : 'Property Studio | Rendo' },
]

const findProject = (...args: Parameters<typeof getProject>) => orPropertyNotFound(getProject(...args))

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const id = params.id ?? ''
	const project = await findProject(actor, id)
	// Back from a bank's own page after a card payment (Stripe's return URL).
	const searchParams = new URL(request.url).searchParams
	const returnedFromPayment = searchParams.get('payment') === 'success'
	if (project.status === 'completed') {
		// Paid, and the webhook already completed it: the product goes back to the list (spec 02 §4).
		if (returnedFromPayment)
			throw await redirectWithToast('/property-studio', {
				type: 'success',
				title: 'Payment received',
				description: 'Your Rendos are ready to download.',
			})
		// A completed project is closed: only its downloads remain (spec 02 §4).
		throw redirect(`/property-studio/${project.id}/downloads`)
	}
	const [rooms, variations] = await Promise.all([listRooms(actor, project.id), listVariations(actor, project.id)])
	// The step is in the address (?step=), so plain forms redirect to it and Back is a link; the
	// server's rows decide whether it is open yet, and a reload or another phone resumes from them.
	const step = returnedFromPayment ? 'download' : addressedStep(searchParams.get('step'), rooms, variations)
	// The local preview cannot empty a room nor edit a photo: those choices are greyed out, with why.
	return {
		project,
		rooms,
		variations,
		step,
		// how the agent pays, and their logo (the Complete step's branding)
		...(await checkoutPageData(actor)),
		returnedFromPayment,
		canEmptyRoom: stagingProvider().canEmptyRoom,
		// Only a provider that stages views together can restage a room's views to match a remodel.
		stagesViewsTogether: stagingProvider().stagesViewsTogether,
		photoEditRefusals: photoEditRefusals(),
		// The gallery's Remove items and Renovate links, greyed out with why where the provider makes no such edit.
		editRefusals: editRefusals(),
		// Items removed or surfaces renovated on a room's photo, from the gallery (?edit=…&room=…).
		editPanel: step === 'results' ? await editPanelOf(actor, project, searchParams) : null,
	}
}

const projectIntents = { ...uploadIntents, ...roomViewIntents, ...renderIntents, ...editIntents, ...checkoutIntents }

/** Every mutation of the workflow, posted to `?intent=<name>` (see project-*.server.ts). */
export async function action({ request, params }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const project = await findProject(actor, params.id ?? '')
	return dispatchIntent(request, projectIntents, { request, actor, project })
}

export default function ProjectWorkflowPage() {
	const {
		project,
		rooms,
		variations,
		step,
		checkout,
		returnedFromPayment,
		canEmptyRoom,
		photoEditRefusals,
		stagesViewsTogether,
		editPanel,
		editRefusals,
	} = useLoaderData<typeof loader>()
	// Every intent answers a refusal as { result }, conform's reply, shown on the step that posted it.
	const actionResult = useActionData<{ result?: SubmissionResult<string[]> }>()?.result
	return (
		<div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
			<ProjectWorkflow
				key={project.id}
				actionResult={actionResult}
				project={project}
				rooms={rooms}
				variations={variations}
				step={step}
				checkout={checkout}
				returnedFromPayment={returnedFromPayment}
				canEmptyRoom={canEmptyRoom}
				photoEditRefusals={photoEditRefusals}
				stagesViewsTogether={stagesViewsTogether}
				editPanel={editPanel}
				editRefusals={editRefusals}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				404: () => <PropertyNotFoundPanel />,
			}}
		/>
	)
}

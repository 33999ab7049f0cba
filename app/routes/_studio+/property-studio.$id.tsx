import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProjectWorkflow } from '#app/components/studio/project-workflow.tsx'
import { PropertyNotFoundPanel } from '#app/components/studio/studio-error-panel.tsx'
import { resumeStep } from '#app/components/studio/workflow-steps.ts'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { dispatchIntent } from '#app/utils/intents.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { checkoutSettings } from '#core/billing/stripe.ts'
import { ForbiddenError, NotFoundError } from '#core/errors.ts'
import { getProject } from '#core/studio/projects.ts'
import { listRooms } from '#core/studio/rooms.ts'
import { listVariations } from '#core/studio/variations.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'
import { checkoutIntents } from './project-checkout.server.ts'
import { renderIntents } from './project-render.server.ts'
import { uploadIntents } from './project-upload.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `${data.project.propertyAddress} | Property Studio | Rendo` : 'Property Studio | Rendo' },
]

async function findProject(...args: Parameters<typeof getProject>) {
	try {
		return await getProject(...args)
	} catch (error) {
		// Someone else's project is as unknown to this agent as a mistyped id.
		if (error instanceof NotFoundError || error instanceof ForbiddenError)
			throw data('Property not found', { status: 404 })
		throw error
	}
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const id = params.id ?? ''
	const project = await findProject(actor, id)
	// Back from a bank's own page after a card payment (Stripe's return URL).
	const returnedFromPayment = new URL(request.url).searchParams.get('payment') === 'success'
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
	// Resuming from the server's rows means a reload, or another phone, lands on the right step.
	const step = returnedFromPayment ? 'download' : resumeStep(rooms, variations)
	// The local preview cannot empty a room: the workflow offers that choice only when the provider can.
	return {
		project,
		rooms,
		variations,
		step,
		checkout: checkoutSettings(),
		returnedFromPayment,
		canEmptyRoom: stagingProvider().canEmptyRoom,
	}
}

const projectIntents = { ...uploadIntents, ...renderIntents, ...checkoutIntents }

/** Every mutation of the workflow, posted to `?intent=<name>` (see project-*.server.ts). */
export async function action({ request, params }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const project = await findProject(actor, params.id ?? '')
	return dispatchIntent(request, projectIntents, { request, actor, project })
}

export default function ProjectWorkflowPage() {
	const { project, rooms, variations, step, checkout, returnedFromPayment, canEmptyRoom } =
		useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
			<ProjectWorkflow
				key={project.id}
				project={project}
				rooms={rooms}
				variations={variations}
				initialStep={step}
				checkout={checkout}
				returnedFromPayment={returnedFromPayment}
				canEmptyRoom={canEmptyRoom}
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

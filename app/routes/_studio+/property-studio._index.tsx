import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useEffect, useState, type MouseEvent } from 'react'
import { BOUGHT_PARAM, PurchaseNotice } from '#app/components/checkout/purchase-notice.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { EmptyProjects } from '#app/components/studio/empty-projects.tsx'
import { NewProjectDialog } from '#app/components/studio/new-project-dialog.tsx'
import { PreviewModeNotice } from '#app/components/studio/preview-mode-notice.tsx'
import { ProjectCard } from '#app/components/studio/project-card.tsx'
import { StudioErrorPanel } from '#app/components/studio/studio-error-panel.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { purchaseSummary } from '#core/billing/purchase-summary.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { createProject, listProjects } from '#core/studio/projects.ts'
import { CreateProjectSchema } from '#core/studio/studio.schema.ts'
import { pluralise } from '#core/studio/labels.ts'
import { isPreviewProvider } from '#core/render/provider.ts'

// /rendo-studio re-exports this module: one screen, two addresses (spec 02 §2).

export const meta: MetaFunction = () => [{ title: 'Property Studio | Rendo' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	// Staff are told when agents only get local previews, and how to turn a provider on.
	const previewMode = actor.kind === 'user' && actor.isAdmin && isPreviewProvider(config().render.provider)
	const [projects, purchase] = await Promise.all([listProjects(actor), justBought(actor, request)])
	return { projects, previewMode, purchase }
}

/**
 * The project named by ?bought= (the completion screen's redirect): what was bought, read from the
 * database each time, so the address never shows a stale or someone else's purchase.
 */
async function justBought(actor: Actor, request: Request) {
	const projectId = new URL(request.url).searchParams.get(BOUGHT_PARAM)
	if (!projectId) return null
	try {
		return await purchaseSummary(actor, projectId)
	} catch (error) {
		if (error instanceof NotFoundError || error instanceof ForbiddenError) return null
		throw error
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const submission = parseWithZod(await request.formData(), { schema: CreateProjectSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const project = await createProject(actor, submission.value)
		return redirectWithToast(`/property-studio/${project.id}`, { type: 'success', description: 'Property created' })
	} catch (error) {
		if (!(error instanceof InputError)) throw error
		const hasFieldErrors = Object.keys(error.fieldErrors).length > 0
		return data(
			{
				result: submission.reply(hasFieldErrors ? { fieldErrors: error.fieldErrors } : { formErrors: [error.message] }),
			},
			{ status: 400 },
		)
	}
}

/**
 * The dialog opens from ?new too, so 'New Property' is a plain link that works before
 * JavaScript loads; once it has, the click just opens the dialog without a round trip.
 */
function useNewPropertyDialog() {
	const [searchParams] = useSearchParams()
	const { pathname } = useLocation()
	const navigate = useNavigate()
	const askedByUrl = searchParams.has('new')
	const [open, setOpen] = useState(askedByUrl)
	useEffect(() => {
		if (askedByUrl) setOpen(true)
	}, [askedByUrl])

	return {
		open,
		closeHref: pathname,
		openFromLink: (event: MouseEvent) => {
			event.preventDefault()
			setOpen(true)
		},
		onOpenChange: (next: boolean) => {
			setOpen(next)
			if (!next && askedByUrl) navigate(pathname, { replace: true, preventScrollReset: true })
		},
	}
}

export default function PropertyStudioPage() {
	const { projects, previewMode, purchase } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const dialog = useNewPropertyDialog()

	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div className="flex flex-col gap-1">
					<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Property Studio</h1>
					<p className="text-muted-foreground">
						{projects.length ? pluralise(projects.length, 'property', 'properties') : 'Stage a property room by room.'}
					</p>
				</div>
				{projects.length ? (
					<Link to="?new" preventScrollReset onClick={dialog.openFromLink} className={buttonClasses()}>
						<Plus aria-hidden className="size-4" />
						New Property
					</Link>
				) : null}
			</div>

			{purchase ? <PurchaseNotice purchase={purchase} /> : null}

			{previewMode ? <PreviewModeNotice /> : null}

			{projects.length ? (
				<ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
					{projects.map((project) => (
						<li key={project.id}>
							<ProjectCard project={project} />
						</li>
					))}
				</ul>
			) : (
				<EmptyProjects onNewProperty={dialog.openFromLink} />
			)}

			<NewProjectDialog
				open={dialog.open}
				onOpenChange={dialog.onOpenChange}
				closeHref={dialog.closeHref}
				lastResult={actionData?.result}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	const loadError = () => (
		<StudioErrorPanel title="Error Loading Projects">
			<p>Failed to load your Property Studio projects</p>
		</StudioErrorPanel>
	)
	return <GeneralErrorBoundary defaultStatusHandler={loadError} unexpectedErrorHandler={loadError} />
}

import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { ReportIssueForm } from '#app/components/tickets/report-issue-form.tsx'
import { ReportIssueSuccess } from '#app/components/tickets/report-issue-success.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { listProjects } from '#core/studio/projects.ts'
import { FILL_REQUIRED_FIELDS, MISSING_INFORMATION, ReportIssueSchema } from '#core/tickets/ticket.schema.ts'
import { reportIssue } from '#core/tickets/tickets.ts'

export const meta: MetaFunction = () => [{ title: 'Report an Issue | Rendo' }]

const SUBMIT_FAILED = 'Failed to submit issue report'

export async function loader({ request }: LoaderFunctionArgs) {
	const { user, actor } = await requireSessionUser(request)
	const projects = (await listProjects(actor)).map((p) => ({ id: p.id, propertyAddress: p.propertyAddress }))
	const asked = new URL(request.url).searchParams.get('projectId')
	// only preselect a project the user owns; anything else falls back to 'No specific project'
	const projectId = projects.some((p) => p.id === asked) ? asked : null
	return { projects, projectId, accountEmail: user.email }
}

export async function action({ request }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const submission = parseWithZod(await request.formData(), { schema: ReportIssueSchema })
	if (submission.status !== 'success')
		return data({ result: submission.reply(), ticket: null, failure: 'missing' as const }, { status: 400 })
	try {
		const ticket = await reportIssue(actor, submission.value, { userAgent: request.headers.get('user-agent') })
		return { result: submission.reply({ resetForm: true }), ticket, failure: null }
	} catch (error) {
		if (error instanceof InputError)
			return data(
				{ result: submission.reply({ fieldErrors: error.fieldErrors }), ticket: null, failure: 'missing' as const },
				{ status: 400 },
			)
		if (error instanceof ForbiddenError || error instanceof NotFoundError)
			return data(
				{ result: submission.reply({ formErrors: [SUBMIT_FAILED] }), ticket: null, failure: 'submit' as const },
				{ status: 403 },
			)
		throw error
	}
}

export default function ReportIssuePage() {
	const { projects, projectId, accountEmail } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const { toast } = useToast()

	useEffect(() => {
		// A toast at a time: the report's success replaces the form's earlier refusal, which would
		// otherwise still say 'Missing Information' beside the ticket number.
		if (actionData?.ticket)
			toast({
				title: 'Issue Reported Successfully',
				description: `Ticket ${actionData.ticket.ticketNumber}`,
				variant: 'success',
			})
		if (actionData?.failure === 'missing')
			toast({ title: MISSING_INFORMATION, description: FILL_REQUIRED_FIELDS, variant: 'destructive' })
		if (actionData?.failure === 'submit')
			toast({
				title: 'Submission Failed',
				description: 'Please try again or contact support directly',
				variant: 'destructive',
			})
	}, [actionData, toast])

	return (
		<div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Report an Issue</h1>
				<p className="text-muted-foreground">Tell us what went wrong and we'll get it sorted.</p>
			</div>
			{actionData?.ticket ? (
				<ReportIssueSuccess ticket={actionData.ticket} />
			) : (
				<div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
					<ReportIssueForm
						projects={projects}
						projectId={projectId}
						accountEmail={accountEmail}
						lastResult={actionData?.result}
					/>
				</div>
			)}
		</div>
	)
}

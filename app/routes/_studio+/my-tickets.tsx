import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Bug, MessageSquare } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { formatTicketDate, StatusBadge } from '#app/components/tickets/ticket-badges.tsx'
import { TextareaField } from '#app/components/select-field.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { CommentSchema } from '#core/tickets/ticket.schema.ts'
import { addComment, listOwnTickets, type TicketView } from '#core/tickets/tickets.ts'

// An agent's reply is always public: the schema's comment, without the staff's internal flag.
const ReplySchema = CommentSchema.pick({ comment: true })

export const meta: MetaFunction = () => [
	{ title: 'My Tickets | Rendo' },
	{ name: 'description', content: 'The issues you reported, their status and our replies.' },
]

/** The agent's own tickets with the staff's public replies (internal notes never leave the dashboard). */
export async function loader({ request }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	return { tickets: await listOwnTickets(actor) }
}

/** A reply to one of your own tickets: a plain form post, so it works without JavaScript too. */
export async function action({ request }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const formData = await request.formData()
	const ticketId = String(formData.get('ticketId') ?? '')
	const submission = parseWithZod(formData, { schema: ReplySchema })
	if (submission.status !== 'success') return data({ ticketId, result: submission.reply() }, { status: 400 })
	try {
		await addComment(actor, ticketId, submission.value)
	} catch (error) {
		if (error instanceof InputError)
			return data({ ticketId, result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: 400 })
		if (error instanceof NotFoundError || error instanceof ForbiddenError)
			return data({ ticketId, result: submission.reply({ formErrors: ['Ticket not found'] }) }, { status: 404 })
		throw error
	}
	return redirectWithToast('/my-tickets', {
		type: 'success',
		title: 'Reply sent',
		description: 'We will get back to you here and by e-mail.',
	})
}

function ReplyForm({ ticket, lastResult }: { ticket: TicketView; lastResult?: SubmissionResult }) {
	const navigation = useNavigation()
	const sending = navigation.state !== 'idle' && navigation.formData?.get('ticketId') === ticket.id
	const [form, fields] = useForm({
		id: `reply-${ticket.id}`,
		lastResult,
		constraint: getZodConstraint(ReplySchema),
		shouldRevalidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ReplySchema }),
	})
	return (
		<Form method="post" className="flex flex-col gap-2" {...getFormProps(form)}>
			<input type="hidden" name="ticketId" value={ticket.id} />
			<TextareaField
				labelProps={{ children: 'Your reply' }}
				textareaProps={{ ...getTextareaProps(fields.comment), rows: 3 }}
				errors={[...(fields.comment.errors ?? []), ...(form.errors ?? [])]}
			/>
			<Button type="submit" variant="outline" disabled={sending} className="self-start">
				<MessageSquare aria-hidden className="size-4" />
				{sending ? 'Sending...' : 'Send Reply'}
			</Button>
		</Form>
	)
}

function TicketItem({ ticket, lastResult }: { ticket: TicketView; lastResult?: SubmissionResult }) {
	const open = ticket.status !== 'closed'
	return (
		<li>
			<article
				aria-labelledby={`title-${ticket.id}`}
				className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
			>
				<header className="flex flex-wrap items-start justify-between gap-2">
					<div className="flex min-w-0 flex-col">
						<p className="font-mono text-xs text-muted-foreground">{ticket.ticketNumber}</p>
						<h2 id={`title-${ticket.id}`} className="font-semibold break-words text-gray-900">
							{ticket.title}
						</h2>
						<p className="text-xs text-muted-foreground">Reported {formatTicketDate(ticket.createdAt)}</p>
					</div>
					<StatusBadge status={ticket.status} />
				</header>
				<p className="text-sm whitespace-pre-line text-gray-700">{ticket.description}</p>
				{ticket.resolution ? (
					<p className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
						<span className="font-semibold">Resolution: </span>
						{ticket.resolution}
					</p>
				) : null}
				{ticket.comments.length ? (
					<ol aria-label="Replies" className="flex flex-col gap-2">
						{ticket.comments.map((comment) => (
							<li key={comment.id} className="rounded-lg bg-muted p-3 text-sm">
								<p className="font-medium text-gray-900">
									{comment.author}{' '}
									<span className="font-normal text-muted-foreground">· {formatTicketDate(comment.createdAt)}</span>
								</p>
								<p className="whitespace-pre-line text-gray-700">{comment.comment}</p>
							</li>
						))}
					</ol>
				) : (
					<p className="text-sm text-muted-foreground">No replies yet.</p>
				)}
				{open ? <ReplyForm ticket={ticket} lastResult={lastResult} /> : null}
			</article>
		</li>
	)
}

export default function MyTicketsPage() {
	const { tickets } = useLoaderData<typeof loader>()
	const refused = useActionData<typeof action>()
	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-wrap items-end justify-between gap-3">
				<div className="flex flex-col gap-1">
					<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">My Tickets</h1>
					<p className="text-muted-foreground">The issues you reported, their status and our replies.</p>
				</div>
				<Link to="/report-issue" className={buttonClasses({ variant: 'outline' })}>
					<Bug aria-hidden className="size-4" />
					Report an Issue
				</Link>
			</div>
			{tickets.length ? (
				<ul className="flex flex-col gap-4">
					{tickets.map((ticket) => (
						<TicketItem
							key={ticket.id}
							ticket={ticket}
							lastResult={refused?.ticketId === ticket.id ? refused.result : undefined}
						/>
					))}
				</ul>
			) : (
				<p className="rounded-xl border border-dashed border-gray-300 px-4 py-10 text-center text-muted-foreground">
					You have not reported any issues.
				</p>
			)}
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import * as Dialog from '@radix-ui/react-dialog'
import { useFetcher, useLocation, useNavigate } from '@remix-run/react'
import { Lock } from 'lucide-react'
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ErrorList, FormAlert } from '#app/components/forms.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogCloseLink } from '#app/components/ui/dialog-close-link.tsx'
import { cn } from '#app/utils/cn.ts'
import { PRIORITIES, TICKET_STATUS_LABELS, TICKET_STATUSES } from '#core/tickets/ticket.schema.ts'
import type { TicketView } from '#core/tickets/tickets.ts'
import { formatTicketDate, PriorityBadge, StatusBadge } from './ticket-badges.tsx'
import { intentUrl, TicketCommentForm, TicketUpdateForm } from './ticket-forms.ts'
import { useRefusalToast, useTicketReply } from './use-ticket-reply.ts'

const control =
	'h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-base shadow-sm disabled:opacity-60 aria-[invalid]:border-destructive'

/**
 * Status, priority and assignee. With JavaScript each change saves at once (the assignee on
 * leaving the field, spec 02 §2); without it, a Save Changes button posts the three together.
 */
function TicketUpdateFields({ ticket }: { ticket: TicketView }) {
	const fetcher = useFetcher()
	const { search } = useLocation()
	const hydrated = useHydrated()
	const reply = useTicketReply(fetcher, 'update-ticket', ticket.id)
	const [form, fields] = useForm({
		id: `update-${ticket.id}`,
		lastResult: reply?.result,
		constraint: getZodConstraint(TicketUpdateForm),
		shouldRevalidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TicketUpdateForm }),
	})
	useRefusalToast(reply, 'Update Failed', 'Failed to update ticket')
	const saving = fetcher.state !== 'idle'

	function save(element: HTMLFormElement | null) {
		if (element) fetcher.submit(element, { preventScrollReset: true })
	}
	const saveNow = (event: ChangeEvent<HTMLSelectElement>) => save(event.currentTarget.form)
	function saveAssignee(event: FocusEvent<HTMLInputElement>) {
		if (event.currentTarget.value.trim() !== (ticket.assignedTo ?? '')) save(event.currentTarget.form)
	}

	return (
		<fetcher.Form
			method="post"
			action={intentUrl(search, 'update-ticket')}
			preventScrollReset
			// a saved ticket (new updatedAt) starts the fields again from its values
			key={ticket.updatedAt}
			className="flex flex-col gap-3"
			{...getFormProps(form)}
		>
			<FormAlert id={form.errorId} errors={form.errors} />
			<input type="hidden" name="ticketId" value={ticket.id} />
			<div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
				<div className="flex flex-col gap-1.5">
					<label htmlFor={fields.status.id} className="text-sm font-medium">
						Status
					</label>
					<select
						id={fields.status.id}
						name={fields.status.name}
						className={control}
						defaultValue={ticket.status}
						disabled={saving}
						onChange={hydrated ? saveNow : undefined}
					>
						{TICKET_STATUSES.map((s) => (
							<option key={s} value={s}>
								{TICKET_STATUS_LABELS[s]}
							</option>
						))}
					</select>
				</div>
				<div className="flex flex-col gap-1.5">
					<label htmlFor={fields.priority.id} className="text-sm font-medium">
						Priority
					</label>
					<select
						id={fields.priority.id}
						name={fields.priority.name}
						className={cn(control, 'capitalize')}
						defaultValue={ticket.priority}
						disabled={saving}
						onChange={hydrated ? saveNow : undefined}
					>
						{PRIORITIES.map((p) => (
							<option key={p} value={p}>
								{p.charAt(0).toUpperCase() + p.slice(1)}
							</option>
						))}
					</select>
				</div>
				<div className="flex flex-col gap-1.5">
					<label htmlFor={fields.assignedTo.id} className="text-sm font-medium">
						Assigned to
					</label>
					<input
						id={fields.assignedTo.id}
						name={fields.assignedTo.name}
						className={control}
						defaultValue={ticket.assignedTo ?? ''}
						maxLength={200}
						placeholder="Unassigned"
						aria-invalid={fields.assignedTo.errors ? true : undefined}
						aria-describedby={fields.assignedTo.errors ? fields.assignedTo.errorId : undefined}
						onBlur={hydrated ? saveAssignee : undefined}
					/>
					<ErrorList id={fields.assignedTo.errorId} errors={fields.assignedTo.errors} />
				</div>
			</div>
			{hydrated ? null : (
				<Button type="submit" size="sm" variant="outline" className="self-start">
					Save Changes
				</Button>
			)}
		</fetcher.Form>
	)
}

/** The comment box with its 'Internal note' checkbox; an accepted comment empties it, a refused one keeps it. */
function TicketCommentBox({ ticket }: { ticket: TicketView }) {
	const fetcher = useFetcher()
	const { search } = useLocation()
	const hydrated = useHydrated()
	const reply = useTicketReply(fetcher, 'comment', ticket.id)
	const [form, fields] = useForm({
		id: `comment-${ticket.id}`,
		lastResult: reply?.result,
		constraint: getZodConstraint(TicketCommentForm),
		shouldRevalidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TicketCommentForm }),
	})
	useRefusalToast(reply, 'Failed to Add Comment', 'Unable to add comment')
	const [comment, setComment] = useState(String(fields.comment.initialValue ?? ''))
	const [isInternal, setIsInternal] = useState(fields.isInternal.initialValue === 'on')
	const posting = fetcher.state !== 'idle'

	// A success redirects, which leaves the fetcher without data; a refusal leaves its reply.
	const wasPosting = useRef(false)
	useEffect(() => {
		if (posting) wasPosting.current = true
		else if (wasPosting.current) {
			wasPosting.current = false
			if (!fetcher.data) {
				setComment('')
				setIsInternal(false)
			}
		}
	}, [posting, fetcher.data])

	return (
		<fetcher.Form
			method="post"
			action={intentUrl(search, 'comment')}
			preventScrollReset
			className="flex flex-col gap-2"
			{...getFormProps(form)}
		>
			<FormAlert id={form.errorId} errors={form.errors} />
			<input type="hidden" name="ticketId" value={ticket.id} />
			<label htmlFor={fields.comment.id} className="text-sm font-medium">
				Add a comment
			</label>
			<textarea
				id={fields.comment.id}
				name={fields.comment.name}
				rows={3}
				required
				maxLength={5000}
				value={comment}
				onChange={(e) => setComment(e.target.value)}
				aria-invalid={fields.comment.errors ? true : undefined}
				aria-describedby={fields.comment.errors ? fields.comment.errorId : undefined}
				className="rounded-md border border-gray-300 px-3 py-2 text-base shadow-sm aria-[invalid]:border-destructive"
			/>
			<ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
			<div className="flex flex-wrap items-center justify-between gap-3">
				<label htmlFor={fields.isInternal.id} className="inline-flex min-h-11 items-center gap-2 text-sm">
					<input
						id={fields.isInternal.id}
						name={fields.isInternal.name}
						type="checkbox"
						className="size-4"
						checked={isInternal}
						onChange={(e) => setIsInternal(e.target.checked)}
					/>
					Internal note (not visible to customer)
				</label>
				{/* without JavaScript the button cannot follow the typing: the browser's required check stands in */}
				<Button type="submit" size="sm" disabled={posting || (hydrated && !comment.trim())}>
					{posting ? 'Adding...' : 'Add Comment'}
				</Button>
			</div>
		</fetcher.Form>
	)
}

function TicketComments({ ticket }: { ticket: TicketView }) {
	return (
		<section aria-labelledby="comments-heading" className="flex flex-col gap-3">
			<h3 id="comments-heading" className="font-semibold text-gray-900">
				Comments ({ticket.comments.length})
			</h3>
			{ticket.comments.length ? (
				<ul className="flex flex-col gap-2">
					{ticket.comments.map((c) => (
						<li
							key={c.id}
							className={cn(
								'rounded-lg border p-3 text-sm',
								c.isInternal ? 'border-yellow-300 bg-yellow-50' : 'border-gray-200 bg-white',
							)}
						>
							<div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
								<span className="font-semibold text-gray-900">{c.author}</span>
								<span>{formatTicketDate(c.createdAt)}</span>
								{c.isInternal ? (
									<span className="inline-flex items-center gap-1 rounded-full bg-yellow-200 px-2 py-0.5 font-semibold text-yellow-900">
										<Lock aria-hidden className="size-3" />
										Internal
									</span>
								) : null}
							</div>
							<p className="whitespace-pre-line text-gray-800">{c.comment}</p>
						</li>
					))}
				</ul>
			) : (
				<p className="text-sm text-muted-foreground">No comments yet.</p>
			)}
			<TicketCommentBox key={ticket.id} ticket={ticket} />
		</section>
	)
}

/**
 * The ticket's details. Its open state is the page's `?ticket=`; the dialog is not portalled, so
 * the server renders it in place and it works before (or without) JavaScript; closing is a link.
 */
export function TicketDialog({ ticket, closeTo }: { ticket: TicketView | null; closeTo: string }) {
	const navigate = useNavigate()
	const close = () => navigate(closeTo, { replace: true, preventScrollReset: true })
	return (
		<Dialog.Root open={!!ticket} onOpenChange={(open) => !open && close()}>
			<Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
			<Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] flex-col gap-5 overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6">
				{ticket ? (
					<>
						<div className="flex items-start justify-between gap-4">
							<div className="flex min-w-0 flex-col gap-2">
								<div className="flex flex-wrap items-center gap-2">
									<span className="font-mono text-sm font-semibold">{ticket.ticketNumber}</span>
									<StatusBadge status={ticket.status} />
									<PriorityBadge priority={ticket.priority} />
								</div>
								<Dialog.Title className="text-lg font-bold text-gray-900">{ticket.title}</Dialog.Title>
								<Dialog.Description className="text-sm text-muted-foreground">
									Reported by {ticket.userName} ({ticket.contactEmail ?? ticket.userEmail}) on{' '}
									{formatTicketDate(ticket.createdAt)}
								</Dialog.Description>
							</div>
							<DialogCloseLink href={closeTo} onClose={close} />
						</div>
						<p className="rounded-lg bg-muted p-3 text-sm whitespace-pre-line text-gray-800">{ticket.description}</p>
						<TicketUpdateFields ticket={ticket} />
						{ticket.resolution ? (
							<p className="text-sm">
								<span className="font-medium">Resolution:</span> {ticket.resolution}
							</p>
						) : null}
						<TicketComments ticket={ticket} />
					</>
				) : null}
			</Dialog.Content>
		</Dialog.Root>
	)
}

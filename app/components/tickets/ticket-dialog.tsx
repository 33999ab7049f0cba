import * as Dialog from '@radix-ui/react-dialog'
import { Lock } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { DialogCloseButton } from '#app/components/ui/dialog-close-button.tsx'
import { cn } from '#app/utils/cn.ts'
import { PRIORITIES, TICKET_STATUS_LABELS, TICKET_STATUSES } from '#core/tickets/ticket.schema.ts'
import type { TicketView } from './devops-api.ts'
import { formatTicketDate, PriorityBadge, StatusBadge } from './ticket-badges.tsx'

const control = 'h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-base shadow-sm disabled:opacity-60'

export type TicketChange = { status?: string; priority?: string; assignedTo?: string | null }

export function TicketDialog({
	ticket,
	onClose,
	onChange,
	onComment,
}: {
	ticket: TicketView | null
	onClose: () => void
	/** resolves true when saved */
	onChange: (change: TicketChange) => Promise<boolean>
	onComment: (input: { comment: string; isInternal: boolean }) => Promise<boolean>
}) {
	const ids = { status: useId(), priority: useId(), assignee: useId(), comment: useId(), internal: useId() }
	const [saving, setSaving] = useState(false)
	const [assignee, setAssignee] = useState('')
	const [comment, setComment] = useState('')
	const [isInternal, setIsInternal] = useState(false)
	const [posting, setPosting] = useState(false)

	const ticketId = ticket?.id
	useEffect(() => {
		setAssignee(ticket?.assignedTo ?? '')
		setComment('')
		setIsInternal(false)
		// a new ticket (not a refresh of the same one) resets the form
	}, [ticketId])

	async function change(c: TicketChange) {
		setSaving(true)
		await onChange(c)
		setSaving(false)
	}

	async function submitComment(event: FormEvent) {
		event.preventDefault()
		if (!comment.trim()) return
		setPosting(true)
		if (await onComment({ comment, isInternal })) {
			setComment('')
			setIsInternal(false)
		}
		setPosting(false)
	}

	return (
		<Dialog.Root open={!!ticket} onOpenChange={(open) => !open && onClose()}>
			<Dialog.Portal>
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
								<DialogCloseButton />
							</div>

							<p className="rounded-lg bg-muted p-3 text-sm whitespace-pre-line text-gray-800">{ticket.description}</p>

							<div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
								<div className="flex flex-col gap-1.5">
									<label htmlFor={ids.status} className="text-sm font-medium">
										Status
									</label>
									<select
										id={ids.status}
										className={control}
										value={ticket.status}
										disabled={saving}
										onChange={(e) => change({ status: e.target.value })}
									>
										{TICKET_STATUSES.map((s) => (
											<option key={s} value={s}>
												{TICKET_STATUS_LABELS[s]}
											</option>
										))}
									</select>
								</div>
								<div className="flex flex-col gap-1.5">
									<label htmlFor={ids.priority} className="text-sm font-medium">
										Priority
									</label>
									<select
										id={ids.priority}
										className={cn(control, 'capitalize')}
										value={ticket.priority}
										disabled={saving}
										onChange={(e) => change({ priority: e.target.value })}
									>
										{PRIORITIES.map((p) => (
											<option key={p} value={p}>
												{p.charAt(0).toUpperCase() + p.slice(1)}
											</option>
										))}
									</select>
								</div>
								<div className="flex flex-col gap-1.5">
									<label htmlFor={ids.assignee} className="text-sm font-medium">
										Assigned to
									</label>
									<input
										id={ids.assignee}
										className={control}
										value={assignee}
										placeholder="Unassigned"
										onChange={(e) => setAssignee(e.target.value)}
										// saved on leaving the field (spec 02 §2), only when it changed
										onBlur={() => {
											if (assignee.trim() !== (ticket.assignedTo ?? '')) void change({ assignedTo: assignee })
										}}
									/>
								</div>
							</div>

							{ticket.resolution ? (
								<p className="text-sm">
									<span className="font-medium">Resolution:</span> {ticket.resolution}
								</p>
							) : null}

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
								<form onSubmit={submitComment} className="flex flex-col gap-2">
									<label htmlFor={ids.comment} className="text-sm font-medium">
										Add a comment
									</label>
									<textarea
										id={ids.comment}
										rows={3}
										value={comment}
										onChange={(e) => setComment(e.target.value)}
										className="rounded-md border border-gray-300 px-3 py-2 text-base shadow-sm"
									/>
									<div className="flex flex-wrap items-center justify-between gap-3">
										<label htmlFor={ids.internal} className="inline-flex min-h-11 items-center gap-2 text-sm">
											<input
												id={ids.internal}
												type="checkbox"
												className="size-4"
												checked={isInternal}
												onChange={(e) => setIsInternal(e.target.checked)}
											/>
											Internal note (not visible to customer)
										</label>
										<Button type="submit" size="sm" disabled={posting || !comment.trim()}>
											{posting ? 'Adding...' : 'Add Comment'}
										</Button>
									</div>
								</form>
							</section>
						</>
					) : null}
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

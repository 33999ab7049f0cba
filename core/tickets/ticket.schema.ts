import { z } from 'zod'

/** Ticket vocabulary of spec 02 §3-§5. Browser-safe: the report form and the dashboard import it. */
export const ISSUE_TYPES = [
	'upload-failed',
	'processing-stuck',
	'poor-quality',
	'wrong-style',
	'missing-variations',
	'download-failed',
	'gallery-loading',
	'favorites-issue',
	'room-detection',
	'workflow-navigation',
	'mobile-issue',
	'other',
] as const
export type IssueType = (typeof ISSUE_TYPES)[number]

export const ISSUE_TYPE_LABELS: Record<IssueType, string> = {
	'upload-failed': 'Upload Failed',
	'processing-stuck': 'Processing Stuck',
	'poor-quality': 'Poor Quality Results',
	'wrong-style': 'Wrong Style Applied',
	'missing-variations': 'Missing Variations',
	'download-failed': 'Download Failed',
	'gallery-loading': 'Gallery Not Loading',
	'favorites-issue': 'Favorites Issue',
	'room-detection': 'Room Detection Wrong',
	'workflow-navigation': 'Workflow Navigation',
	'mobile-issue': 'Mobile Issue',
	other: 'Other',
}

export const PRIORITIES = ['low', 'medium', 'high', 'critical'] as const
export type TicketPriority = (typeof PRIORITIES)[number]

export const TICKET_STATUSES = ['open', 'in-progress', 'resolved', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
	open: 'Open',
	'in-progress': 'In Progress',
	resolved: 'Resolved',
	closed: 'Closed',
}

/** Spec 02 §5: both messages are the same pair, title and description. */
export const MISSING_INFORMATION = 'Missing Information'
export const FILL_REQUIRED_FIELDS = 'Please fill in all required fields'

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

export const ReportIssueSchema = z.object({
	// 'No specific project' is sent as null or an empty string
	projectId: z.preprocess((v) => blankToUndefined(v) ?? null, z.string().uuid('Unknown project').nullable()),
	issueType: z.enum(ISSUE_TYPES, { errorMap: () => ({ message: FILL_REQUIRED_FIELDS }) }),
	description: z
		.string({ required_error: FILL_REQUIRED_FIELDS })
		.trim()
		.min(1, FILL_REQUIRED_FIELDS)
		.max(5000, 'Description must be at most 5000 characters'),
	contactEmail: z.preprocess(
		blankToUndefined,
		z.string().trim().toLowerCase().email('Please enter a valid email address').optional(),
	),
})
export type ReportIssueInput = z.input<typeof ReportIssueSchema>

/** The details dialog may set any status (spec 02 §4); an empty assignee clears it. */
export const UpdateTicketSchema = z.object({
	status: z.enum(TICKET_STATUSES).optional(),
	priority: z.enum(PRIORITIES).optional(),
	assignedTo: z.preprocess(
		(v) => (typeof v === 'string' ? v.trim() || null : v),
		z.string().max(200, 'Assignee must be at most 200 characters').nullable().optional(),
	),
})
export type UpdateTicketInput = z.input<typeof UpdateTicketSchema>

export const COMMENT_REQUIRED = 'Comment cannot be empty'

export const CommentSchema = z.object({
	comment: z
		.string({ required_error: COMMENT_REQUIRED })
		.trim()
		.min(1, COMMENT_REQUIRED)
		.max(5000, 'Comment must be at most 5000 characters'),
	isInternal: z.boolean().default(false),
})
export type CommentInput = z.input<typeof CommentSchema>

export const TicketFilterSchema = z.object({
	status: z.enum(TICKET_STATUSES).optional(),
	priority: z.enum(PRIORITIES).optional(),
})
export type TicketFilter = z.input<typeof TicketFilterSchema>

/** GET /api/devops/tickets?status=…&priority=… (each absent: any). */
export const TicketListQuerySchema = TicketFilterSchema.pick({ status: true, priority: true })

/** The support list's quick actions (and `rendo tickets` over the API), POST /api/devops/tickets/{id}/{action}. */
export const TICKET_QUICK_ACTIONS = ['start-work', 'resolve', 'close'] as const
export type TicketQuickAction = (typeof TICKET_QUICK_ACTIONS)[number]

/** A quick action's optional body: resolving may say what was done. */
export const QuickActionSchema = z.object({
	resolution: z.string().max(5000, 'Resolution must be at most 5000 characters').optional(),
})

import type { IssueType, TicketPriority } from './ticket.schema.ts'

/** What the project looked like when the issue was reported (captured server-side). */
export interface ProjectState {
	/** The project is completed: it went through payment. */
	paid: boolean
	/** Some render failed for good. */
	hasFailedRenders: boolean
	/** Some render has been pending longer than STUCK_AFTER_MINUTES. */
	stuck: boolean
}

export const STUCK_AFTER_MINUTES = 15

/** Issues that stop the agent getting images at all start high; cosmetic ones start low. */
const BASE_PRIORITY: Record<IssueType, TicketPriority> = {
	'upload-failed': 'high',
	'processing-stuck': 'high',
	'download-failed': 'high',
	'missing-variations': 'medium',
	'gallery-loading': 'medium',
	'poor-quality': 'medium',
	'wrong-style': 'medium',
	'favorites-issue': 'medium',
	'room-detection': 'low',
	'workflow-navigation': 'low',
	'mobile-issue': 'low',
	other: 'low',
}

/** Issues where a paying customer cannot get the images they paid for. */
const BLOCKS_DELIVERY: ReadonlySet<IssueType> = new Set(['download-failed', 'missing-variations'])

const RANK: Record<TicketPriority, number> = { low: 0, medium: 1, high: 2, critical: 3 }
const atLeast = (a: TicketPriority, b: TicketPriority) => (RANK[a] >= RANK[b] ? a : b)

/**
 * The one priority rule:
 * 1. the issue type gives a base priority (BASE_PRIORITY);
 * 2. a paid project that is stuck (a render pending over 15 minutes) or has failed renders is at
 *    least high, whatever the type;
 * 3. a paid project whose issue blocks delivery (download-failed, missing-variations) is critical.
 * Reports without a project, or about unpaid projects, keep the base priority.
 */
export function ticketPriority(issueType: IssueType, project: ProjectState | null): TicketPriority {
	let priority = BASE_PRIORITY[issueType]
	if (!project?.paid) return priority
	if (project.stuck || project.hasFailedRenders) priority = atLeast(priority, 'high')
	if (BLOCKS_DELIVERY.has(issueType)) priority = 'critical'
	return priority
}

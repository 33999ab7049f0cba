import { requestedStyles, roomProgress, totalProgress, type VariationCounts } from '#core/studio/variation-progress.ts'
import type { RoomView, VariationView } from '#core/studio/views.ts'

/** The seven steps of the project workflow, in order (spec 02 §2, §4). */
export const WORKFLOW_STEPS = [
	'upload',
	'room-confirmation',
	'style-selection',
	'processing',
	'results',
	'selection',
	'download',
] as const
export type WorkflowStep = (typeof WORKFLOW_STEPS)[number]

export const STEP_TITLES: Record<WorkflowStep, string> = {
	upload: 'Upload Photos',
	'room-confirmation': 'Confirm Rooms',
	'style-selection': 'Choose Styles',
	processing: 'Processing',
	results: 'Gallery',
	selection: 'Favorites',
	download: 'Complete',
}

export function stepNumber(step: WorkflowStep) {
	return WORKFLOW_STEPS.indexOf(step) + 1
}

export function stepPercent(step: WorkflowStep) {
	return Math.round((stepNumber(step) / WORKFLOW_STEPS.length) * 100)
}

// Processing has no way back: its requests are already queued; the gallery offers 'Back to Styles'.
const BACK: Partial<Record<WorkflowStep, WorkflowStep>> = {
	'room-confirmation': 'upload',
	'style-selection': 'room-confirmation',
	results: 'style-selection',
	selection: 'results',
	download: 'selection',
}

/** Where Back goes from a step, or null when the step has no Back. */
export function previousStep(step: WorkflowStep): WorkflowStep | null {
	return BACK[step] ?? null
}

/** The next step in order, or null after the last. Callers check the step's validation first. */
export function nextStep(step: WorkflowStep): WorkflowStep | null {
	return WORKFLOW_STEPS[stepNumber(step)] ?? null
}

type RoomStyles = Pick<RoomView, 'id' | 'selectedStyles'> & Partial<Pick<RoomView, 'roomTypeBy'>>
type VariationState = Pick<VariationView, 'roomId' | 'style' | 'status'>

export type VariationProgress = VariationCounts & {
	/** every expected variation exists and none is pending */
	settled: boolean
}

/**
 * Counts against what was asked for, by core's rule. A style counts as asked from the moment its
 * request is answered (markStyleRequested), before the next poll brings its rows.
 */
export function variationProgress(
	rooms: readonly RoomStyles[],
	variations: readonly VariationState[],
): VariationProgress {
	const counts = totalProgress(rooms.flatMap((room) => roomProgress(room, variations, { awaitingRows: true })))
	return { ...counts, settled: counts.expected > 0 && counts.pending === 0 }
}

/**
 * The step a reload lands on, from the server's state alone: files picked before a reload are
 * gone, but rooms, their styles and variation rows are not.
 */
export function resumeStep(rooms: readonly RoomStyles[], variations: readonly VariationState[]): WorkflowStep {
	if (rooms.length === 0) return 'upload'
	const anyStyles = rooms.some((room) => requestedStyles(room, variations).length > 0)
	// A photo whose type nobody has given yet is confirmed before any style is chosen.
	if (!anyStyles) return rooms.some((room) => room.roomTypeBy === 'nobody') ? 'room-confirmation' : 'style-selection'
	return variationProgress(rooms, variations).settled ? 'results' : 'processing'
}

export function isWorkflowStep(value: unknown): value is WorkflowStep {
	return (WORKFLOW_STEPS as readonly unknown[]).includes(value)
}

/** The address of a step of the project page: a plain form redirects there, a link goes there. */
export function stepHref(step: WorkflowStep) {
	return `?step=${step}`
}

/**
 * The step the page shows for `?step=<name>`: the one asked for when the server's rows allow it,
 * else where a reload would resume. Uploading and confirming are always open (the photos being
 * confirmed may still be on the phone), and so is the gallery (View Gallery is in the header, and
 * the gallery explains its empty states); styles need a room; the rest need a style asked for.
 */
export function addressedStep(
	requested: string | null,
	rooms: readonly RoomStyles[],
	variations: readonly VariationState[],
): WorkflowStep {
	const resume = resumeStep(rooms, variations)
	if (!isWorkflowStep(requested)) return resume
	if (requested === 'upload' || requested === 'room-confirmation' || requested === 'results') return requested
	if (requested === 'style-selection') return rooms.length > 0 ? requested : resume
	return resume === 'processing' || resume === 'results' ? requested : resume
}

/** Where a step's form posts: its intent, and the step itself, so a refusal is shown on that step. */
export function intentAction(step: WorkflowStep, intent: string) {
	return `?step=${step}&intent=${intent}`
}

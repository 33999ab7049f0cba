import { VARIATIONS_PER_STYLE } from '#core/studio/studio.schema.ts'
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

type RoomStyles = Pick<RoomView, 'id' | 'selectedStyles'>
type VariationState = Pick<VariationView, 'roomId' | 'style' | 'status'>

/**
 * Styles requested for a room: those the server lists, plus any a variation row shows, so a room
 * whose list lags behind its rows still counts them.
 */
export function requestedStyles(room: RoomStyles, variations: readonly VariationState[]): string[] {
	const styles = new Set(room.selectedStyles)
	for (const v of variations) if (v.roomId === room.id) styles.add(v.style)
	return [...styles]
}

export type VariationProgress = {
	/** every variation asked for: rooms × styles × 3, plus one per remodel */
	expected: number
	completed: number
	failed: number
	pending: number
	/** every expected variation exists and none is pending */
	settled: boolean
}

/**
 * Counts against what was asked for. Each (room, style) batch expects three variations; a
 * remodel adds a row to its batch, so a batch expects the larger of three and the rows it has.
 */
export function variationProgress(rooms: readonly RoomStyles[], variations: readonly VariationState[]): VariationProgress {
	let expected = 0
	for (const room of rooms) {
		for (const style of requestedStyles(room, variations)) {
			const rows = variations.filter((v) => v.roomId === room.id && v.style === style).length
			expected += Math.max(VARIATIONS_PER_STYLE, rows)
		}
	}
	const completed = variations.filter((v) => v.status === 'completed').length
	const failed = variations.filter((v) => v.status === 'failed').length
	const pending = variations.filter((v) => v.status === 'pending').length
	const settled = expected > 0 && pending === 0 && completed + failed >= expected
	return { expected, completed, failed, pending, settled }
}

/**
 * The step a reload lands on, from the server's state alone: files picked before a reload are
 * gone, but rooms, their styles and variation rows are not.
 */
export function resumeStep(rooms: readonly RoomStyles[], variations: readonly VariationState[]): WorkflowStep {
	if (rooms.length === 0) return 'upload'
	const anyStyles = rooms.some((room) => requestedStyles(room, variations).length > 0)
	if (!anyStyles) return 'style-selection'
	return variationProgress(rooms, variations).settled ? 'results' : 'processing'
}

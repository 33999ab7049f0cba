import type { ReactNode } from 'react'

/** The id the workflow focuses when the step changes, so screen readers hear the new step. */
export const STEP_HEADING_ID = 'workflow-step-heading'

export function StepHeading({ title, description }: { title: string; description?: ReactNode }) {
	return (
		<div className="flex flex-col gap-1">
			<h2
				id={STEP_HEADING_ID}
				tabIndex={-1}
				className="text-xl font-bold tracking-tight text-gray-900 outline-none sm:text-2xl"
			>
				{title}
			</h2>
			{description ? <p className="text-sm text-muted-foreground sm:text-base">{description}</p> : null}
		</div>
	)
}

/**
 * Back/Continue for a step. On phones it sticks to the bottom of the screen, where thumbs are,
 * and stays reachable however long the list above it grows.
 */
export function StepActions({ status, children }: { status?: ReactNode; children: ReactNode }) {
	return (
		<div className="sticky bottom-0 z-10 -mx-4 mt-2 flex flex-col gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0 sm:backdrop-blur-none">
			{status}
			{/* phones: buttons share the row evenly; wider screens: Back left, the way on right */}
			<div className="flex items-center gap-3 *:flex-1 *:whitespace-nowrap sm:justify-between sm:*:flex-none sm:[&>*:only-child]:ml-auto">
				{children}
			</div>
		</div>
	)
}

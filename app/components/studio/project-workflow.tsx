import type { SubmissionResult } from '@conform-to/react'
import { useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useMemo, useRef } from 'react'
import type { CheckoutSettings } from '#core/billing/pricing.ts'
import { requestedStyles } from '#core/studio/variation-progress.ts'
import type { ProjectView, RoomView, VariationView } from '#core/studio/views.ts'
import { DownloadStep } from './download-step.tsx'
import type { EditPanel } from './edit-room.ts'
import { useOptimisticFavorites } from './favorite-button.tsx'
import { type EditRefusals, Gallery } from './gallery.tsx'
import { ProcessingStep } from './processing-step.tsx'
import { ConfirmUploadedRooms } from './room-confirmation-step.tsx'
import { SelectionStep } from './selection-step.tsx'
import { STEP_HEADING_ID } from './step-layout.tsx'
import type { PhotoEditRefusals } from './style-notes.ts'
import { StyleSelectionStep } from './style-selection-step.tsx'
import { UploadStep } from './upload-step.tsx'
import { useUploadQueue } from './use-upload-queue.ts'
import { WorkflowHeader } from './workflow-header.tsx'
import { previousStep, stepHref, type WorkflowStep } from './workflow-steps.ts'

/** Moves focus to the new step's heading (not on first load), so screen readers hear the change. */
function useFocusOnStepChange(step: WorkflowStep) {
	const firstRender = useRef(true)
	// biome-ignore lint/correctness/useExhaustiveDependencies: the step is what it runs on, not what it reads
	useEffect(() => {
		if (firstRender.current) {
			firstRender.current = false
			return
		}
		window.scrollTo({ top: 0 })
		document.getElementById(STEP_HEADING_ID)?.focus({ preventScroll: true })
	}, [step])
}

/** Leaving mid-upload loses the photo on its way; the browser asks first. */
function useWarnBeforeLeaving(active: boolean) {
	useEffect(() => {
		if (!active) return
		const warn = (event: BeforeUnloadEvent) => event.preventDefault()
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [active])
}

/**
 * The seven steps of a project (spec 02 §2). The step is the page's address (`?step=`, checked
 * by the loader), so every move is a link or a form's redirect; rooms and variations are the
 * loader's, refreshed by polling and by each action. Only the photos being picked live here.
 */
export function ProjectWorkflow({
	project,
	rooms,
	variations: savedVariations,
	step,
	actionResult,
	checkout,
	returnedFromPayment = false,
	canEmptyRoom = true,
	photoEditRefusals = {},
	stagesViewsTogether = false,
	editPanel = null,
	editRefusals,
}: {
	project: ProjectView
	rooms: RoomView[]
	variations: VariationView[]
	step: WorkflowStep
	/** the server's answer to the step's form, when it refused it */
	actionResult?: SubmissionResult<string[]>
	/** how the agent pays at step 7 */
	checkout: CheckoutSettings
	/** back from a bank's page after a card payment: step 7 finishes it */
	returnedFromPayment?: boolean
	/** whether the staging provider can empty a room (the local preview cannot) */
	canEmptyRoom?: boolean
	/** the photo edits the provider cannot make, each with core's reason (the local preview makes none) */
	photoEditRefusals?: PhotoEditRefusals
	/** whether the provider stages views of one room together (the gallery offers to restage views) */
	stagesViewsTogether?: boolean
	/** the gallery's edit panel the address opened, with what the room's photo shows */
	editPanel?: EditPanel
	/** the room edits the provider does not make, each with why (the gallery greys their links out) */
	editRefusals?: EditRefusals
}) {
	const navigate = useNavigate()
	const [search] = useSearchParams()
	const variations = useOptimisticFavorites(savedVariations)
	const uploads = useUploadQueue(project.id)
	// A new project's page has no ?step= and shows the upload because it has no rooms yet. Photos go
	// up as they are picked, so the address is pinned to the upload first: else the next refresh of
	// the rows (a photo taken back, polling) resumes where rooms allow and skips their confirmation.
	const addFiles: typeof uploads.addFiles = (...files) => {
		if (!search.get('step')) navigate(stepHref('upload'), { replace: true, preventScrollReset: true })
		return uploads.addFiles(...files)
	}
	useFocusOnStepChange(step)
	useWarnBeforeLeaving(uploads.busy)

	const generatedStyles = useMemo(
		() => Object.fromEntries(rooms.map((room) => [room.id, requestedStyles(room, variations)])),
		[rooms, variations],
	)

	function currentStep() {
		switch (step) {
			case 'upload':
				return (
					<UploadStep
						items={uploads.items}
						existingRooms={rooms}
						result={actionResult}
						busy={uploads.busy}
						onAddFiles={addFiles}
						onRemove={uploads.remove}
						onRetry={uploads.retry}
						onFurnitureChange={(id, hasFurniture) => uploads.update(id, { hasFurniture })}
						onContinue={() => navigate(stepHref('room-confirmation'))}
					/>
				)
			case 'room-confirmation':
				// Photos go up as they are chosen: here their room types (each photo's suggestion, or
				// none) are confirmed, with the furniture flags ticked while they uploaded.
				return (
					<ConfirmUploadedRooms
						rooms={rooms.filter((room) => !generatedStyles[room.id]?.length)}
						allRooms={rooms}
						result={actionResult}
						picked={uploads.items}
					/>
				)
			case 'style-selection':
				return (
					<StyleSelectionStep
						rooms={rooms}
						generatedStyles={generatedStyles}
						canEmptyRoom={canEmptyRoom}
						photoEditRefusals={photoEditRefusals}
						result={actionResult}
					/>
				)
			case 'processing':
				return <ProcessingStep rooms={rooms} variations={variations} />
			case 'results':
				return (
					<Gallery
						rooms={rooms}
						variations={variations}
						stagesViewsTogether={stagesViewsTogether}
						editPanel={editPanel}
						editRefused={editPanel ? actionResult : undefined}
						editRefusals={editRefusals}
					/>
				)
			case 'selection':
				return <SelectionStep rooms={rooms} variations={variations} />
			case 'download':
				return (
					<DownloadStep
						project={project}
						checkout={checkout}
						returnedFromPayment={returnedFromPayment}
						rooms={rooms}
						variations={variations}
						onBack={() => navigate(stepHref(previousStep('download') ?? 'selection'))}
					/>
				)
		}
	}

	return (
		<div className="flex flex-col gap-6">
			<WorkflowHeader project={project} step={step} />
			<section aria-labelledby={STEP_HEADING_ID}>{currentStep()}</section>
		</div>
	)
}

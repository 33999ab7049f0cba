import { useEffect, useMemo, useRef, useState } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import type { CheckoutSettings } from '#core/billing/pricing.ts'
import type { ProjectView, RoomView, VariationView } from '#core/studio/views.ts'
import { DownloadStep } from './download-step.tsx'
import { Gallery } from './gallery.tsx'
import { type WorkflowStyle } from './labels.ts'
import { roomLabel, styleLabel } from '#core/studio/labels.ts'
import { requestedStyles } from '#core/studio/variation-progress.ts'
import { ProcessingStep } from './processing-step.tsx'
import { RoomConfirmationStep } from './room-confirmation-step.tsx'
import { SelectionStep } from './selection-step.tsx'
import { STEP_HEADING_ID } from './step-layout.tsx'
import { errorMessage, requestProcessing, runWithConcurrency } from './studio-api.ts'
import { StyleSelectionStep, type StyleChoices } from './style-selection-step.tsx'
import { UploadStep } from './upload-step.tsx'
import { useStudioProject, type StudioProject } from './use-studio-project.ts'
import { useUploadQueue, type UploadQueue } from './use-upload-queue.ts'
import { WorkflowHeader } from './workflow-header.tsx'
import { previousStep, type WorkflowStep } from './workflow-steps.ts'

// Several rooms × styles can mean a dozen requests; a few at a time keeps a phone responsive.
const PROCESS_CONCURRENCY = 3

/** Moves focus to the new step's heading (not on first load), so screen readers hear the change. */
function useFocusOnStepChange(step: WorkflowStep) {
	const firstRender = useRef(true)
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

function useStyleChoices() {
	const [choices, setChoices] = useState<StyleChoices>({})
	const toggle = (roomId: string, style: WorkflowStyle) =>
		setChoices((current) => {
			const styles = current[roomId] ?? []
			return { ...current, [roomId]: styles.includes(style) ? styles.filter((s) => s !== style) : [...styles, style] }
		})
	/** Copies one room's picks to every room, leaving out styles a room already has. */
	const applyToAll = (fromRoomId: string, generated: Record<string, string[]>) =>
		setChoices((current) => {
			const picks = current[fromRoomId] ?? []
			return Object.fromEntries(
				Object.entries(generated).map(([roomId, done]) => [roomId, picks.filter((style) => !done.includes(style))]),
			)
		})
	return { choices, setChoices, toggle, applyToAll }
}

/**
 * Sends one request per room and style (spec 02 §7). A failure warns about that photo and
 * style only; the rest carry on. Resolves with the choices that failed, to keep them ticked.
 */
function useProcessRequests(studio: StudioProject, uploads: UploadQueue) {
	const { toast } = useToast()
	const [busy, setBusy] = useState(false)

	const fileNameOf = (room: RoomView) =>
		uploads.items.find((item) => item.roomId === room.id)?.file.name ?? roomLabel(room)

	async function process(choices: StyleChoices) {
		const jobs = studio.rooms.flatMap((room) => (choices[room.id] ?? []).map((style) => ({ room, style })))
		setBusy(true)
		const results = await runWithConcurrency(jobs, PROCESS_CONCURRENCY, async ({ room, style }) => {
			try {
				await requestProcessing(room.id, { style, roomType: room.roomType, hasFurniture: room.hasFurniture })
				studio.markStyleRequested(room.id, style)
			} catch (error) {
				toast({
					title: 'Processing Warning',
					description: `Failed to process ${fileNameOf(room)} with ${styleLabel(style)} style: ${errorMessage(error, 'Please try again')}`,
					variant: 'destructive',
				})
				throw error
			}
		})
		setBusy(false)
		const failed: StyleChoices = {}
		results.forEach((result, i) => {
			if (result.status === 'rejected') (failed[jobs[i].room.id] ??= []).push(jobs[i].style)
		})
		const allFailed = results.length > 0 && results.every((r) => r.status === 'rejected')
		if (allFailed) {
			const first = results[0] as PromiseRejectedResult
			toast({
				title: 'Processing Failed',
				description: errorMessage(first.reason, 'Please try again'),
				variant: 'destructive',
			})
		}
		return { failed, started: !allFailed }
	}

	return { busy, process }
}

export function ProjectWorkflow({
	project,
	rooms,
	variations,
	initialStep,
	checkout,
	returnedFromPayment = false,
	canEmptyRoom = true,
}: {
	project: ProjectView
	rooms: RoomView[]
	variations: VariationView[]
	initialStep: WorkflowStep
	/** how the agent pays at step 7 */
	checkout: CheckoutSettings
	/** back from a bank's page after a card payment: step 7 finishes it */
	returnedFromPayment?: boolean
	/** whether the staging provider can empty a room (the local preview cannot) */
	canEmptyRoom?: boolean
}) {
	const [step, setStep] = useState<WorkflowStep>(initialStep)
	const studio = useStudioProject(project.id, { rooms, variations })
	const uploads = useUploadQueue(project.id)
	const styles = useStyleChoices()
	const processing = useProcessRequests(studio, uploads)
	const [uploading, setUploading] = useState(false)
	useFocusOnStepChange(step)
	useWarnBeforeLeaving(uploading)

	const goBack = () => setStep((current) => previousStep(current) ?? current)

	const generatedStyles = useMemo(
		() => Object.fromEntries(studio.rooms.map((room) => [room.id, requestedStyles(room, studio.variations)])),
		[studio.rooms, studio.variations],
	)

	async function upload(onlyId?: string) {
		setUploading(true)
		const { rooms: added, failed } = await uploads.uploadPending(studio.rooms, onlyId)
		studio.addRooms(added)
		setUploading(false)
		// A retry of one photo stays here: the agent may still want to check the others.
		if (!failed && !onlyId) setStep('style-selection')
	}

	async function startProcessing() {
		const { failed, started } = await processing.process(styles.choices)
		styles.setChoices(failed)
		if (started) setStep('processing')
	}

	const refreshProgress = async () => {
		await Promise.all([studio.refreshRooms(), studio.refreshVariations()])
	}

	function currentStep() {
		switch (step) {
			case 'upload':
				return (
					<UploadStep
						items={uploads.items}
						existingRooms={studio.rooms}
						onAddFiles={uploads.addFiles}
						onRemove={uploads.remove}
						onFurnitureChange={(id, hasFurniture) => uploads.update(id, { hasFurniture })}
						onContinue={() => setStep('room-confirmation')}
					/>
				)
			case 'room-confirmation':
				return (
					<RoomConfirmationStep
						items={uploads.items}
						existingRoomCount={studio.rooms.length}
						busy={uploading}
						onRoomTypeChange={(id, roomType) => uploads.update(id, { roomType })}
						onRetry={(id) => void upload(id)}
						onBack={goBack}
						onContinue={() => void upload()}
					/>
				)
			case 'style-selection':
				return (
					<StyleSelectionStep
						rooms={studio.rooms}
						generatedStyles={generatedStyles}
						choices={styles.choices}
						canEmptyRoom={canEmptyRoom}
						busy={processing.busy}
						onToggle={styles.toggle}
						onApplyToAll={(roomId) => styles.applyToAll(roomId, generatedStyles)}
						onBack={goBack}
						onProcess={() => void startProcessing()}
					/>
				)
			case 'processing':
				return (
					<ProcessingStep
						rooms={studio.rooms}
						variations={studio.variations}
						refresh={refreshProgress}
						onViewGallery={() => setStep('results')}
					/>
				)
			case 'results':
				return (
					<Gallery
						rooms={studio.rooms}
						variations={studio.variations}
						refreshRooms={studio.refreshRooms}
						refreshVariations={studio.refreshVariations}
						onToggleFavorite={studio.toggleFavorite}
						onRemodel={studio.remodel}
						onBack={goBack}
						onSelectFavorites={() => setStep('selection')}
						onUpload={() => setStep('upload')}
					/>
				)
			case 'selection':
				return (
					<SelectionStep
						rooms={studio.rooms}
						variations={studio.variations}
						onToggleFavorite={studio.toggleFavorite}
						onBack={goBack}
						onContinue={() => setStep('download')}
					/>
				)
			case 'download':
				return (
					<DownloadStep
						project={project}
						checkout={checkout}
						returnedFromPayment={returnedFromPayment}
						rooms={studio.rooms}
						variations={studio.variations}
						onBack={goBack}
					/>
				)
		}
	}

	return (
		<div className="flex flex-col gap-6">
			<WorkflowHeader project={project} step={step} onViewGallery={() => setStep('results')} />
			<section aria-labelledby={STEP_HEADING_ID}>{currentStep()}</section>
		</div>
	)
}

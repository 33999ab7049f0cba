import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from '@remix-run/react'
import { Check, Copy, LoaderCircle, Sparkles } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FormAlert } from '#app/components/forms.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { ProcessChoicesSchema, VARIATIONS_PER_STYLE, WORKFLOW_STYLES } from '#core/studio/studio.schema.ts'
import type { RoomView } from '#core/studio/views.ts'
import { STYLE_DESCRIPTIONS, type WorkflowStyle } from './labels.ts'
import { roomLabel, roomTypeLabel, styleLabel } from '#core/studio/labels.ts'
import { viewCaption, viewGroups } from './room-views.ts'
import { StepActions, StepHeading } from './step-layout.tsx'
import { choiceWarning, type PhotoEditRefusals, unavailableReason } from './style-notes.ts'
import { ImageWithFallback } from './variation-image.tsx'
import { intentAction, stepHref } from './workflow-steps.ts'

/** Styles picked on this screen, per room id: only these are sent for processing. */
export type StyleChoices = Record<string, WorkflowStyle[]>

export function newVariationCount(choices: StyleChoices) {
	return Object.values(choices).reduce((sum, styles) => sum + styles.length * VARIATIONS_PER_STYLE, 0)
}

function StyleOption({
	roomId,
	style,
	checked,
	generated,
	unavailable,
	warning,
	onToggle,
}: {
	roomId: string
	style: WorkflowStyle
	checked: boolean
	generated: boolean
	/** why it cannot be chosen, when it cannot */
	unavailable?: string
	/** said once it is ticked (by CSS, so a plain form shows it too): allowed, but worth a second look */
	warning?: string
	onToggle: () => void
}) {
	const id = `${roomId}-${style}`
	return (
		<li>
			<label
				htmlFor={id}
				className={cn(
					'group flex h-full min-h-11 cursor-pointer items-start gap-2 rounded-lg border p-2.5 transition-colors sm:gap-3 sm:p-3',
					checked || generated ? 'border-brand bg-blue-50/60' : 'border-gray-200 bg-white hover:border-gray-300',
					(generated || unavailable) && 'cursor-default',
					unavailable && 'opacity-70',
				)}
			>
				<input
					id={id}
					type="checkbox"
					name={generated ? undefined : 'choices'}
					value={`${roomId}:${style}`}
					checked={checked || generated}
					disabled={generated || !!unavailable}
					onChange={onToggle}
					className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-brand"
				/>
				<span className="flex min-w-0 flex-col">
					<span className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-gray-900">
						{styleLabel(style)}
						{generated ? (
							<span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
								Generated
							</span>
						) : null}
					</span>
					<span className="text-xs text-muted-foreground sm:text-sm">{unavailable ?? STYLE_DESCRIPTIONS[style]}</span>
					{warning ? (
						<span aria-live="polite" className="text-xs text-amber-900 sm:text-sm">
							<span className="hidden group-has-checked:inline">{warning}</span>
						</span>
					) : null}
				</span>
			</label>
		</li>
	)
}

function RoomStyles({
	room,
	caption,
	chosen,
	generated,
	canApplyToAll,
	canEmptyRoom,
	photoEditRefusals,
	onToggle,
	onApplyToAll,
}: {
	room: RoomView
	/** 'View 2 of Living Room' for another view of a room */
	caption: string | null
	chosen: WorkflowStyle[]
	generated: string[]
	canApplyToAll: boolean
	canEmptyRoom: boolean
	photoEditRefusals: PhotoEditRefusals
	onToggle: (style: WorkflowStyle) => void
	onApplyToAll: () => void
}) {
	const label = roomLabel(room)
	const shown = WORKFLOW_STYLES.filter((style) => chosen.includes(style) || generated.includes(style))
	return (
		<li className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm sm:p-4">
			<div className="flex items-center gap-3">
				<div className="size-16 shrink-0 overflow-hidden rounded-lg bg-muted">
					<ImageWithFallback src={room.thumbnailUrl} alt={`${label} original photo`} size="thumb" />
				</div>
				<div className="flex min-w-0 flex-col">
					<h3 className="truncate font-semibold text-gray-900">{label}</h3>
					{label === roomTypeLabel(room.roomType) ? null : (
						<p className="text-sm text-muted-foreground">{roomTypeLabel(room.roomType)}</p>
					)}
					{caption ? <p className="text-xs font-medium text-brand">{caption}</p> : null}
				</div>
			</div>
			<fieldset className="flex flex-col gap-2">
				<legend className="sr-only">Styles for {label}</legend>
				<ul className="grid grid-cols-2 gap-2 lg:grid-cols-3">
					{WORKFLOW_STYLES.map((style) => (
						<StyleOption
							key={style}
							roomId={room.id}
							style={style}
							checked={chosen.includes(style)}
							generated={generated.includes(style)}
							unavailable={unavailableReason(style, { canEmptyRoom, photoEditRefusals })}
							warning={generated.includes(style) ? undefined : choiceWarning(style, room.roomType)}
							onToggle={() => onToggle(style)}
						/>
					))}
				</ul>
			</fieldset>
			<div className="flex flex-wrap items-center justify-between gap-2 text-sm">
				<p className="text-muted-foreground">
					Selected:{' '}
					<span className="font-medium text-gray-900">{shown.length ? shown.map(styleLabel).join(', ') : 'None'}</span>
				</p>
				{canApplyToAll && chosen.length ? (
					<Button type="button" size="sm" variant="ghost" onClick={onApplyToAll} className="h-11">
						<Copy aria-hidden className="size-4" />
						Use for all rooms
					</Button>
				) : null}
			</div>
		</li>
	)
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
	return { choices, toggle, applyToAll }
}

/** 'Processing Failed' when not one request could start (spec 02 §9); the page shows why too. */
function useProcessingFailedToast(result: SubmissionResult<string[]> | undefined) {
	const { toast } = useToast()
	useEffect(() => {
		if (result?.status !== 'error') return
		toast({
			title: 'Processing Failed',
			description: result.error?.['']?.[0] ?? 'Please try again',
			variant: 'destructive',
		})
	}, [result, toast])
}

/**
 * The ticked room × style pairs go in one post to `?intent=process`; the page moves on to the
 * progress. Without JavaScript the same form posts as it is (the count and 'Use for all rooms'
 * need scripts, so they wait for them).
 */
export function StyleSelectionStep({
	rooms,
	generatedStyles,
	canEmptyRoom,
	photoEditRefusals = {},
	result,
}: {
	rooms: RoomView[]
	/** styles each room already has variations (or a request) for, by room id */
	generatedStyles: Record<string, string[]>
	canEmptyRoom: boolean
	/** the photo edits the provider cannot make, with core's reason: greyed out, not hidden */
	photoEditRefusals?: PhotoEditRefusals
	/** the server's answer to a post that failed */
	result?: SubmissionResult<string[]>
}) {
	const { choices, toggle, applyToAll } = useStyleChoices()
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && !!navigation.formAction?.includes('intent=process')
	const [form] = useForm({
		id: 'process-images',
		lastResult: result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ProcessChoicesSchema }),
	})
	useProcessingFailedToast(result)
	const count = newVariationCount(choices)
	return (
		<Form
			method="post"
			action={intentAction('style-selection', 'process')}
			{...getFormProps(form)}
			className="flex flex-col gap-5"
		>
			<StepHeading title="Choose Styles" description="Pick one or more interior styles for each room." />
			<FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
			<ul className="flex flex-col gap-4">
				{viewGroups(rooms)
					.flatMap(({ first, views }) => [first, ...views])
					.map((room) => (
						<RoomStyles
							key={room.id}
							room={room}
							caption={viewCaption(room, rooms)}
							chosen={choices[room.id] ?? []}
							generated={generatedStyles[room.id] ?? []}
							canApplyToAll={hydrated && rooms.length > 1}
							canEmptyRoom={canEmptyRoom}
							photoEditRefusals={photoEditRefusals}
							onToggle={(style) => toggle(room.id, style)}
							onApplyToAll={() => applyToAll(room.id, generatedStyles)}
						/>
					))}
			</ul>
			<StepActions
				status={
					hydrated ? (
						<p aria-live="polite" className="flex items-center gap-2 text-sm font-medium text-gray-900">
							<Sparkles aria-hidden className="size-4 shrink-0 text-brand" />
							This will generate {count} variation(s)
						</p>
					) : null
				}
			>
				<Link to={stepHref('room-confirmation')} className={buttonClasses({ variant: 'outline' })}>
					Back
				</Link>
				<Button type="submit" disabled={(hydrated && count === 0) || busy}>
					{busy ? (
						<>
							<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
							Processing...
						</>
					) : (
						<>
							<Check aria-hidden className="size-4" />
							Process Images
						</>
					)}
				</Button>
			</StepActions>
		</Form>
	)
}

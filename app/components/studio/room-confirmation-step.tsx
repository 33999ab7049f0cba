import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link } from '@remix-run/react'
import { CircleCheck, LoaderCircle, RefreshCw } from 'lucide-react'
import { FormAlert } from '#app/components/forms.tsx'
import { ConfirmRoomsSchema, WORKFLOW_ROOM_TYPES } from '#core/studio/studio.schema.ts'
import type { RoomView } from '#core/studio/views.ts'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { PhotoRow } from './photo-row.tsx'
import { sameRoomErrorKey, viewGroups } from './room-views.ts'
import { SameRoomChoice, SameRoomForm } from './same-room-choice.tsx'
import type { WorkflowRoomType } from './labels.ts'
import { pluralise, roomLabel, roomTypeLabel } from '#core/studio/labels.ts'
import { StepActions, StepHeading } from './step-layout.tsx'
import type { UploadItem } from './use-upload-queue.ts'
import { ImageWithFallback } from './variation-image.tsx'
import { intentAction, stepHref } from './workflow-steps.ts'

function UploadState({ item, onRetry }: { item: UploadItem; onRetry: () => void }) {
	if (item.state === 'uploaded')
		return (
			<p className="flex items-center gap-1.5 text-sm font-medium text-green-800">
				<CircleCheck aria-hidden className="size-4" />
				Uploaded
			</p>
		)
	if (item.state === 'uploading')
		return (
			<p className="flex items-center gap-1.5 text-xs text-muted-foreground">
				<LoaderCircle aria-hidden className="size-3.5 animate-spin motion-reduce:animate-none" />
				Uploading...
			</p>
		)
	if (item.state === 'failed')
		return (
			<div
				role="alert"
				className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-destructive"
			>
				<span>
					<span className="font-medium">Failed to upload image</span>
					{item.error && item.error !== 'Failed to upload image' ? `: ${item.error}` : null}
				</span>
				<Button size="sm" variant="outline" onClick={onRetry} className="h-11">
					<RefreshCw aria-hidden className="size-4" />
					Retry
				</Button>
			</div>
		)
	return null
}

function RoomTypeRow({
	item,
	busy,
	onRoomTypeChange,
	onRetry,
}: {
	item: UploadItem
	busy: boolean
	onRoomTypeChange: (roomType: WorkflowRoomType | '') => void
	onRetry: () => void
}) {
	const selectId = `${item.id}-room-type`
	return (
		<PhotoRow thumbnail={<img src={item.preview} alt="" className="size-full object-cover" />}>
			<label htmlFor={selectId} className="truncate text-sm font-medium text-gray-900" title={item.file.name}>
				<span className="sr-only">Room type for </span>
				{item.file.name}
			</label>
			<select
				id={selectId}
				value={item.roomType}
				disabled={item.uploaded || item.state === 'uploading' || busy}
				aria-invalid={item.roomType ? undefined : true}
				onChange={(event) => onRoomTypeChange(event.currentTarget.value as WorkflowRoomType | '')}
				className={cn(
					'h-11 w-full rounded-md border bg-white px-3 text-base shadow-sm disabled:bg-muted',
					item.roomType ? 'border-gray-300' : 'border-destructive',
				)}
			>
				{item.roomType ? null : (
					<option value="" disabled>
						Choose a room type
					</option>
				)}
				{WORKFLOW_ROOM_TYPES.map((type) => (
					<option key={type} value={type}>
						{roomTypeLabel(type)}
					</option>
				))}
			</select>
			<UploadState item={item} onRetry={onRetry} />
		</PhotoRow>
	)
}

function uploadSummary(items: UploadItem[]) {
	const uploading = items.filter((i) => i.state === 'uploading').length
	const done = items.filter((i) => i.uploaded).length
	const failed = items.filter((i) => i.state === 'failed').length
	if (uploading) return `Uploading photos: ${done} of ${items.length} done`
	if (failed) return `${pluralise(failed, 'photo')} failed to upload`
	if (done === items.length && done > 0) return 'All photos uploaded'
	return ''
}

export function RoomConfirmationStep({
	items,
	existingRoomCount,
	busy,
	onRoomTypeChange,
	onRetry,
	onContinue,
}: {
	items: UploadItem[]
	existingRoomCount: number
	busy: boolean
	onRoomTypeChange: (id: string, roomType: WorkflowRoomType | '') => void
	onRetry: (id: string) => void
	onContinue: () => void
}) {
	const everyTyped = items.every((item) => item.roomType !== '')
	const canContinue = everyTyped && (items.length > 0 || existingRoomCount > 0) && !busy

	return (
		<div className="flex flex-col gap-5">
			<StepHeading
				title="Confirm Rooms"
				description="Check the room type of each photo: it guides how the room is staged."
			/>
			{existingRoomCount > 0 ? (
				<p className="text-sm text-muted-foreground">
					{pluralise(existingRoomCount, 'room')} already uploaded to this project.
				</p>
			) : null}
			<ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
				{items.map((item) => (
					<RoomTypeRow
						key={item.id}
						item={item}
						busy={busy}
						onRoomTypeChange={(roomType) => onRoomTypeChange(item.id, roomType)}
						onRetry={() => onRetry(item.id)}
					/>
				))}
			</ul>
			<p aria-live="polite" className="text-sm text-muted-foreground">
				{uploadSummary(items)}
			</p>
			<StepActions>
				<BackToUpload />
				<Button onClick={onContinue} disabled={!canContinue}>
					{busy ? (
						<>
							<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
							Uploading...
						</>
					) : (
						'Continue'
					)}
				</Button>
			</StepActions>
		</div>
	)
}

function BackToUpload() {
	return (
		<Link to={stepHref('upload')} className={buttonClasses({ variant: 'outline' })}>
			Back
		</Link>
	)
}

/**
 * Confirmation of rooms already uploaded (a plain form uploads first): a room-type choice for each
 * room that has no styles yet, posted to `?intent=confirm-rooms`, then on to the styles. Each photo
 * may be marked as another view of a room (`?intent=same-room`, a form of its own per photo); the
 * views of one room are listed together, right after its first view.
 */
export function ConfirmUploadedRooms({
	rooms,
	allRooms = rooms,
	result,
}: {
	rooms: RoomView[]
	/** every photo of the project: those already staged may be first views too */
	allRooms?: RoomView[]
	result?: SubmissionResult<string[]>
}) {
	const [form] = useForm({
		id: 'confirm-rooms',
		lastResult: result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ConfirmRoomsSchema }),
	})
	// A photo's "Same room as" refusal is shown beside that photo, not over the whole form.
	const sameRoomKeys = new Set(rooms.map((room) => sameRoomErrorKey(room.id)))
	const formErrors = Object.entries(form.allErrors)
		.filter(([key]) => !sameRoomKeys.has(key))
		.flatMap(([, errors]) => errors)
	const groups = viewGroups(rooms)
	const index = new Map(rooms.map((room, i) => [room.id, i]))
	const row = (room: RoomView) => (
		<UploadedRoomRow key={room.id} room={room} index={index.get(room.id)!} allRooms={allRooms} result={result} />
	)
	const hasViews = allRooms.some((room) => allRooms.filter((r) => r.roomType === room.roomType).length > 1)
	return (
		<>
			<Form
				method="post"
				action={intentAction('room-confirmation', 'confirm-rooms')}
				{...getFormProps(form)}
				className="flex flex-col gap-5"
			>
				<StepHeading
					title="Confirm Rooms"
					description="Check the room type of each photo: it guides how the room is staged."
				/>
				<FormAlert id={form.errorId} errors={formErrors} />
				{hasViews ? (
					<p className="text-sm text-muted-foreground">
						Several photos of one room? Mark each other angle as the same room as its first photo: they are staged with
						the same furniture.
					</p>
				) : null}
				{rooms.length ? (
					<ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
						{groups.map(({ first, views }) =>
							views.length ? (
								<li key={first.id} className="md:col-span-2">
									<section
										aria-label={`${roomLabel(first)}: ${pluralise(views.length + 1, 'view')} of one room`}
										className="flex flex-col gap-2 rounded-xl border border-brand/30 bg-blue-50/40 p-2"
									>
										<p className="px-1 text-sm font-medium text-gray-900">
											{roomLabel(first)}: {pluralise(views.length + 1, 'view')} of one room
										</p>
										<ul className="grid grid-cols-1 gap-3 md:grid-cols-2">{[first, ...views].map(row)}</ul>
									</section>
								</li>
							) : (
								row(first)
							),
						)}
					</ul>
				) : (
					<p className="rounded-xl bg-muted p-6 text-center text-sm text-muted-foreground">
						No new photos to confirm. Upload some first.
					</p>
				)}
				<StepActions>
					<BackToUpload />
					<Button type="submit" disabled={!rooms.length}>
						Continue
					</Button>
				</StepActions>
			</Form>
			{rooms.map((room) => (
				<SameRoomForm key={room.id} roomId={room.id} />
			))}
		</>
	)
}

function UploadedRoomRow({
	room,
	index,
	allRooms,
	result,
}: {
	room: RoomView
	index: number
	allRooms: RoomView[]
	result?: SubmissionResult<string[]>
}) {
	const selectId = `room-${room.id}-type`
	const label = roomLabel(room)
	return (
		<PhotoRow thumbnail={<ImageWithFallback src={room.thumbnailUrl} alt="" size="thumb" />}>
			<input type="hidden" name={`rooms[${index}].id`} value={room.id} />
			<label htmlFor={selectId} className="truncate text-sm font-medium text-gray-900">
				<span className="sr-only">Room type for </span>
				{label}
			</label>
			<select
				id={selectId}
				name={`rooms[${index}].roomType`}
				defaultValue={room.roomType}
				className="h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-base shadow-sm"
			>
				{WORKFLOW_ROOM_TYPES.map((type) => (
					<option key={type} value={type}>
						{roomTypeLabel(type)}
					</option>
				))}
			</select>
			<SameRoomChoice room={room} allRooms={allRooms} result={result} />
		</PhotoRow>
	)
}

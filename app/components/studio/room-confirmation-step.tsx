import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link } from '@remix-run/react'
import { FormAlert } from '#app/components/forms.tsx'
import { ConfirmRoomsSchema, WORKFLOW_ROOM_TYPES } from '#core/studio/studio.schema.ts'
import type { RoomView } from '#core/studio/views.ts'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { PhotoRow } from './photo-row.tsx'
import { sameRoomErrorKey, viewGroups } from './room-views.ts'
import { SameRoomChoice, SameRoomForm } from './same-room-choice.tsx'
import { photoLabel, pluralise, roomLabel, roomTypeLabel } from '#core/studio/labels.ts'
import { StepActions, StepHeading } from './step-layout.tsx'
import type { UploadItem } from './use-upload-queue.ts'
import { ImageWithFallback } from './variation-image.tsx'
import { intentAction, stepHref } from './workflow-steps.ts'

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
	picked = [],
}: {
	rooms: RoomView[]
	/** every photo of the project: those already staged may be first views too */
	allRooms?: RoomView[]
	result?: SubmissionResult<string[]>
	/** the photos picked on this page (with JavaScript): their file names and furniture flags */
	picked?: UploadItem[]
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
		<UploadedRoomRow
			key={room.id}
			room={room}
			index={index.get(room.id)!}
			allRooms={allRooms}
			result={result}
			picked={picked.find((item) => item.room?.id === room.id)}
		/>
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

/**
 * How a photo is named before its type is confirmed: its file name when picked on this page, its
 * name or suggested type otherwise; a photo that showed no room clearly has no type to go by yet.
 */
function uploadedLabel(room: RoomView, index: number, picked?: UploadItem) {
	if (picked) return picked.file.name
	return photoLabel(room, index)
}

function UploadedRoomRow({
	room,
	index,
	allRooms,
	result,
	picked,
}: {
	room: RoomView
	index: number
	allRooms: RoomView[]
	result?: SubmissionResult<string[]>
	picked?: UploadItem
}) {
	const selectId = `room-${room.id}-type`
	// No pre-filled guess where the photo showed none: the agent chooses.
	const unsure = room.roomTypeBy === 'nobody'
	return (
		<PhotoRow thumbnail={<ImageWithFallback src={room.thumbnailUrl} alt="" size="thumb" />}>
			<input type="hidden" name={`rooms[${index}].id`} value={room.id} />
			{picked ? (
				<input type="hidden" name={`rooms[${index}].hasFurniture`} value={String(picked.hasFurniture)} />
			) : null}
			<label htmlFor={selectId} className="truncate text-sm font-medium text-gray-900">
				<span className="sr-only">Room type for </span>
				{uploadedLabel(room, index, picked)}
			</label>
			<select
				id={selectId}
				name={`rooms[${index}].roomType`}
				defaultValue={unsure ? '' : room.roomType}
				required
				className="h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-base shadow-sm"
			>
				{unsure ? (
					<option value="" disabled>
						Choose a room type
					</option>
				) : null}
				{WORKFLOW_ROOM_TYPES.map((type) => (
					<option key={type} value={type}>
						{roomTypeLabel(type)}
					</option>
				))}
			</select>
			{room.roomTypeBy === 'photo' ? (
				<p className="text-xs text-muted-foreground">Suggested from what the photo shows</p>
			) : unsure ? (
				<p className="text-xs text-muted-foreground">We could not tell the room from the photo: please choose</p>
			) : null}
			<SameRoomChoice room={room} allRooms={allRooms} result={result} />
		</PhotoRow>
	)
}

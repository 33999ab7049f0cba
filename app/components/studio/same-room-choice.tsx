import type { SubmissionResult } from '@conform-to/react'
import { useFetcher } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { pluralise, roomLabel } from '#core/studio/labels.ts'
import type { RoomView } from '#core/studio/views.ts'
import { PlainFormReturn } from './plain-form.tsx'
import { firstViewChoices, sameRoomErrorKey, sameRoomFormId, viewCaption } from './room-views.ts'
import { intentAction } from './workflow-steps.ts'

type SameRoomAnswer = { result?: SubmissionResult<string[]>; room?: RoomView }

const SAME_ROOM_ACTION = intentAction('room-confirmation', 'same-room')

function useSameRoomFetcher(roomId: string) {
	return useFetcher<SameRoomAnswer>({ key: sameRoomFormId(roomId) })
}

/**
 * The form a photo's "Same room as" choice posts, kept outside the step's own form (forms do not
 * nest): the choice and its button name it with their `form` attribute. One fetcher per photo, the
 * same one the choice reads its answer from.
 */
export function SameRoomForm({ roomId }: { roomId: string }) {
	const fetcher = useSameRoomFetcher(roomId)
	return (
		<fetcher.Form id={sameRoomFormId(roomId)} method="post" action={SAME_ROOM_ACTION} hidden>
			<input type="hidden" name="roomId" value={roomId} />
			<PlainFormReturn step="room-confirmation" />
		</fetcher.Form>
	)
}

/**
 * "Same room as…" for one photo: the project's other photos of its room type that are first views,
 * or None. With scripts a change posts at once; without, Save posts the form. Core's refusal is
 * shown under the choice (from the fetcher, or from the page's answer to a plain post).
 */
export function SameRoomChoice({
	room,
	allRooms,
	result,
}: {
	room: RoomView
	/** every photo of the project, for the choices */
	allRooms: RoomView[]
	/** the page's answer to a plain post, which may hold this photo's refusal */
	result?: SubmissionResult<string[]>
}) {
	const fetcher = useSameRoomFetcher(room.id)
	const hydrated = useHydrated()
	const label = roomLabel(room)
	const views = allRooms.filter((r) => r.sameRoomAs === room.id)
	const current = allRooms.find((r) => r.id === room.sameRoomAs)
	const offered = firstViewChoices(room, allRooms)
	// The saved first view stays listed even if its room type changed since.
	const choices = current && !offered.includes(current) ? [...offered, current] : offered
	const answer = fetcher.state === 'idle' ? (fetcher.data?.result ?? result) : undefined
	const refusal = answer?.error?.[sameRoomErrorKey(room.id)]?.[0]
	const caption = viewCaption(room, allRooms)
	const formId = sameRoomFormId(room.id)
	const selectId = `room-${room.id}-same-room`
	const errorId = `${selectId}-error`

	const refused = refusal ? (
		<p id={errorId} role="alert" className="text-sm text-destructive">
			{refusal}
		</p>
	) : null
	// A photo with views stays their first view (core refuses chains): nothing to choose, but a
	// refusal (a choice made on a page older than those views) is still said.
	if (views.length)
		return (
			<div className="flex flex-col gap-1">
				<p className="text-xs text-muted-foreground">
					First view of this room, with {pluralise(views.length, 'other view')}
				</p>
				{refused}
			</div>
		)
	if (!choices.length && !room.sameRoomAs) return refused
	return (
		<div className="flex flex-col gap-1">
			{caption ? <p className="text-xs font-medium text-brand">{caption}</p> : null}
			<label htmlFor={selectId} className="text-xs font-medium text-gray-700">
				<span className="sr-only">{label}: </span>Same room as…
			</label>
			<div className="flex gap-2">
				<select
					// a saved change (or another tab's) shows as saved
					key={room.sameRoomAs ?? ''}
					id={selectId}
					name="sameRoomAs"
					form={formId}
					defaultValue={room.sameRoomAs ?? ''}
					aria-invalid={refusal ? true : undefined}
					aria-describedby={refusal ? errorId : undefined}
					disabled={fetcher.state !== 'idle'}
					onChange={(event) => {
						const form = event.currentTarget.form
						if (form) fetcher.submit(form, { method: 'post', action: SAME_ROOM_ACTION })
					}}
					className={cn(
						'h-11 w-full min-w-0 rounded-md border bg-white px-3 text-base shadow-sm disabled:bg-muted',
						refusal ? 'border-destructive' : 'border-gray-300',
					)}
				>
					<option value="">None</option>
					{choices.map((choice) => (
						<option key={choice.id} value={choice.id}>
							{roomLabel(choice)}
						</option>
					))}
				</select>
				{hydrated ? null : (
					<Button
						type="submit"
						form={formId}
						variant="outline"
						className="h-11"
						aria-label={`Save same room for ${label}`}
					>
						Save
					</Button>
				)}
			</div>
			{refused}
		</div>
	)
}

import type { SubmissionResult } from '@conform-to/react'
import * as Dialog from '@radix-ui/react-dialog'
import { Link, useFetcher } from '@remix-run/react'
import { Eraser, LoaderCircle, PaintRoller } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FormAlert } from '#app/components/forms.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { closeLinkProps, DialogCloseLink } from '#app/components/ui/dialog-close-link.tsx'
import type { Outline } from '#core/edits/outline.ts'
import type { VariationView } from '#core/studio/views.ts'
import {
	EDIT_FIELD,
	EDIT_TITLES,
	editAction,
	type EditPanel,
	type OpenPanel,
	outlineHref,
	STROKES_FIELD,
} from './edit-room.ts'
import { PlainFormReturn } from './plain-form.tsx'
import { stepHref } from './workflow-steps.ts'

import { BrushTools, useBrush } from './edit-brush.tsx'
import { PickablePhoto } from './pickable-photo.tsx'
import { RenovateFields } from './renovate-fields.tsx'

type Reply = { result?: SubmissionResult<string[]>; variation?: VariationView; done?: string }

/** Every message of a refusal, whatever field core named (remove, renovate, edit, roomId). */
const messagesOf = (result: SubmissionResult<string[]> | undefined) =>
	result?.status === 'error' ? Object.values(result.error ?? {}).flatMap((m) => m ?? []) : []

function RemoveFields({ panel, errorsId }: { panel: OpenPanel; errorsId: string }) {
	const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
	const shapes = useRefinedOutlines(panel.roomId)
	const brush = useBrush()
	const scripted = useHydrated()
	const toggle = (id: string, on = !picked.has(id)) => {
		if (on) shapes.refine(id)
		setPicked((current) => {
			const next = new Set(current)
			if (on) next.add(id)
			else next.delete(id)
			return next
		})
	}
	return (
		<>
			{scripted ? <BrushTools brush={brush} /> : null}
			<PickablePhoto
				panel={panel}
				picked={picked}
				shapes={shapes.outlines}
				onPick={(o) => toggle(o.id)}
				brush={brush}
			/>
			{brush.strokes.length ? <input type="hidden" name={STROKES_FIELD} value={JSON.stringify(brush.strokes)} /> : null}
			<fieldset className="flex flex-col gap-2" aria-describedby={errorsId}>
				<legend className="mb-1 text-sm font-semibold text-gray-900">What to remove</legend>
				<p className="text-sm text-muted-foreground">
					Click a thing on the photo, or tick it here. Each one is cut out along its edges and painted out; nothing else
					in the photo is touched.
				</p>
				{panel.objects.length ? (
					<ul className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
						{panel.objects.map((o) => (
							<li key={o.id}>
								<label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
									<input
										type="checkbox"
										name="remove"
										value={o.id}
										checked={picked.has(o.id)}
										onChange={(event) => toggle(o.id, event.target.checked)}
										className="size-5 accent-brand"
									/>
									{o.name}
								</label>
							</li>
						))}
					</ul>
				) : (
					<p className="text-sm text-gray-900">Nothing that can be removed was found in this photo.</p>
				)}
			</fieldset>
		</>
	)
}

/**
 * The outlines along the photo's edges of the things picked so far, each asked of the server once,
 * on its first pick (GrabCut costs too much to run for every thing as the list is made): until it
 * comes, and if it does not, the label map's outline is drawn.
 */
function useRefinedOutlines(roomId: string) {
	const [outlines, setOutlines] = useState<Readonly<Record<string, Outline>>>({})
	const asked = useRef(new Set<string>())
	const refine = (id: string) => {
		if (asked.current.has(id)) return
		asked.current.add(id)
		fetch(outlineHref(roomId, id))
			.then((response) => (response.ok ? (response.json() as Promise<{ outline: Outline }>) : null))
			.then((answer) => {
				// An outline GrabCut left empty would hide a picked thing: the label map's stays.
				if (answer?.outline.length) setOutlines((known) => ({ ...known, [id]: answer.outline }))
			})
			.catch(() => asked.current.delete(id))
	}
	return { outlines, refine }
}

/**
 * Items removed or surfaces renovated on a room's photo, in a dialog opened from the address (so
 * the server renders it in place, not portalled, and its form works without JavaScript). It posts
 * the page's `edit-room` intent through a fetcher; a refusal shows on the form in core's words, a
 * request closes it and the new variation shows pending in the gallery under its own heading.
 */
export function EditRoomDialog({
	panel,
	refused,
	onClose,
}: {
	panel: EditPanel
	/** the server's answer to a post made without JavaScript */
	refused: SubmissionResult<string[]> | undefined
	onClose: () => void
}) {
	return (
		<Dialog.Root open={!!panel} onOpenChange={(open) => !open && onClose()}>
			{panel ? (
				<EditRoomContent key={`${panel.kind}:${panel.roomId}`} panel={panel} refused={refused} onClose={onClose} />
			) : null}
		</Dialog.Root>
	)
}

function EditRoomContent({
	panel,
	refused,
	onClose,
}: {
	panel: OpenPanel
	refused: SubmissionResult<string[]> | undefined
	onClose: () => void
}) {
	// Its own fetcher each time the panel opens: a request made before must not close it again.
	const fetcher = useFetcher<Reply>()
	const { toast } = useToast()
	const errorsId = useId()
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	const errors = messagesOf(answer?.result ?? refused)
	const busy = fetcher.state !== 'idle'
	const closeHref = stepHref('results')
	const title = EDIT_TITLES[panel.kind]

	useEffect(() => {
		if (!answer?.variation) return
		toast({ description: answer.done ?? 'The edited image is on its way' })
		onClose()
	}, [answer, toast, onClose])

	return (
		<>
			<Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
			<Dialog.Content
				aria-busy={busy}
				className="fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col gap-4 overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(48rem,calc(100vw_-_2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
			>
				<div className="flex items-start justify-between gap-4">
					<div className="flex flex-col gap-1">
						<Dialog.Title className="text-lg font-bold text-gray-900">
							{title}: {panel.roomName}
						</Dialog.Title>
						<Dialog.Description className="text-sm text-muted-foreground">
							{panel.kind === 'remove'
								? 'Pick what should go. The edited image is checked to have removed only that.'
								: 'Pick the surfaces and what they become. The edited image is checked to have changed only those.'}
						</Dialog.Description>
					</div>
					<DialogCloseLink href={closeHref} onClose={onClose} />
				</div>
				{panel.unreadable ? (
					<FormAlert errors={[panel.unreadable]} />
				) : (
					<fetcher.Form
						method="post"
						action={editAction(panel.roomId, panel.kind)}
						preventScrollReset
						className="flex flex-col gap-4"
					>
						<input type="hidden" name="roomId" value={panel.roomId} />
						<input type="hidden" name={EDIT_FIELD} value={panel.kind} />
						<PlainFormReturn step="results" />
						{panel.kind === 'remove' ? (
							<RemoveFields panel={panel} errorsId={errorsId} />
						) : (
							<RenovateFields panel={panel} errorsId={errorsId} />
						)}
						<FormAlert id={errorsId} errors={errors} />
						<div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
							<Link {...closeLinkProps(closeHref, onClose)} className={buttonClasses({ variant: 'outline' })}>
								Cancel
							</Link>
							<Button type="submit" disabled={busy} aria-busy={busy}>
								{busy ? (
									<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
								) : panel.kind === 'remove' ? (
									<Eraser aria-hidden className="size-4" />
								) : (
									<PaintRoller aria-hidden className="size-4" />
								)}
								{busy ? 'Asking…' : title}
							</Button>
						</div>
					</fetcher.Form>
				)}
			</Dialog.Content>
		</>
	)
}

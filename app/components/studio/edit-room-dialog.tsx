import type { SubmissionResult } from '@conform-to/react'
import * as Dialog from '@radix-ui/react-dialog'
import { Link, useFetcher } from '@remix-run/react'
import { Eraser, LoaderCircle, PaintRoller } from 'lucide-react'
import { useEffect, useId, useState, type MouseEvent } from 'react'
import { FormAlert } from '#app/components/forms.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { closeLinkProps, DialogCloseLink } from '#app/components/ui/dialog-close-link.tsx'
import { ResponsiveImage, aspectOf } from '#app/components/ui/responsive-image.tsx'
import { cn } from '#app/utils/cn.ts'
import { FLOOR_MATERIALS, RENOVATED_SURFACES, WALL_COLOURS, WORKTOP_MATERIALS } from '#core/edits/edit.schema.ts'
import type { VariationView } from '#core/studio/views.ts'
import {
	EDIT_FIELD,
	EDIT_TITLES,
	editAction,
	type DetectedObject,
	type DetectedSurface,
	type EditPanel,
	objectUnder,
	OTHER_COLOUR,
} from './edit-room.ts'
import { PlainFormReturn } from './plain-form.tsx'
import { stepHref } from './workflow-steps.ts'

type Panel = NonNullable<EditPanel>
type Reply = { result?: SubmissionResult<string[]>; variation?: VariationView; done?: string }

const percent = (share: number) => `${share * 100}%`

/** Every message of a refusal, whatever field core named (remove, renovate, edit, roomId). */
const messagesOf = (result: SubmissionResult<string[]> | undefined) =>
	result?.status === 'error' ? Object.values(result.error ?? {}).flatMap((m) => m ?? []) : []

/**
 * The room's photo with the picked objects outlined at their boxes. The photo sets its own box
 * (width 100 %, height by its shape), so the outlines, in percentages of that box, sit on it at
 * every size. A click ticks or unticks the object under it in the list below; the list is the
 * form, and the keyboard's (and a page without JavaScript's) way to pick.
 */
function PickablePhoto({
	panel,
	picked,
	onPick,
}: {
	panel: Panel
	picked: ReadonlySet<string>
	onPick?: (object: DetectedObject) => void
}) {
	const ratio = aspectOf(panel.photo)
	const click = (event: MouseEvent<HTMLDivElement>) => {
		const box = event.currentTarget.getBoundingClientRect()
		const hit = objectUnder(
			panel.objects,
			(event.clientX - box.left) / box.width,
			(event.clientY - box.top) / box.height,
		)
		if (hit) onPick?.(hit)
	}
	return (
		// biome-ignore lint/a11y/useKeyWithClickEvents: a pointer's shortcut; the checkbox list below is the keyboard's way
		// biome-ignore lint/a11y/noStaticElementInteractions: as above: the photo only ticks the list's boxes
		<div
			data-testid="edit-photo"
			onClick={onPick ? click : undefined}
			className={cn('relative mx-auto w-full overflow-hidden rounded-lg bg-muted', onPick && 'cursor-crosshair')}
			// Tall photos stay within the sheet, leaving room for the list under them.
			style={ratio ? { maxWidth: `calc(48dvh * ${ratio.toFixed(4)})` } : undefined}
		>
			<ResponsiveImage
				image={panel.photo}
				sizes="(min-width: 640px) min(44rem, 100vw - 5rem), calc(100vw - 2.5rem)"
				alt={`${panel.roomName}, original photo`}
				eager
			/>
			<div aria-hidden className="pointer-events-none absolute inset-0">
				{/* Every object's box is laid out where a click picks it; a picked one is outlined. */}
				{panel.objects.map((o) => (
					<div
						key={o.id}
						data-object={o.id}
						data-picked={picked.has(o.id)}
						className={cn(
							'absolute rounded-sm border-2',
							picked.has(o.id)
								? 'border-brand bg-brand/15 shadow-[0_0_0_1px_rgba(255,255,255,0.8)]'
								: 'border-transparent',
						)}
						style={{
							left: percent(o.box.x),
							top: percent(o.box.y),
							width: percent(o.box.width),
							height: percent(o.box.height),
						}}
					>
						{picked.has(o.id) ? (
							<span className="absolute -top-0.5 left-0 -translate-y-full rounded bg-brand px-1 text-xs font-medium text-white">
								{o.name}
							</span>
						) : null}
					</div>
				))}
			</div>
		</div>
	)
}

function RemoveFields({ panel, errorsId }: { panel: Panel; errorsId: string }) {
	const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
	const toggle = (id: string, on = !picked.has(id)) =>
		setPicked((current) => {
			const next = new Set(current)
			if (on) next.add(id)
			else next.delete(id)
			return next
		})
	return (
		<>
			<PickablePhoto panel={panel} picked={picked} onPick={(o) => toggle(o.id)} />
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

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** What a surface becomes: a colour (swatches and a picker for walls), or a material from the schema's list. */
function SurfaceChoice({ surface, onChosen }: { surface: DetectedSurface; onChosen: () => void }) {
	const name = `becomes.${surface.name}`
	const disabled = !surface.renovatable
	const label = capitalised(surface.name)
	if (surface.name === 'walls')
		return (
			<fieldset className="flex flex-wrap items-center gap-2 pl-7" disabled={disabled}>
				<legend className="sr-only">Walls colour</legend>
				{WALL_COLOURS.map((swatch, i) => (
					<label key={swatch.hex} className="flex min-h-11 cursor-pointer items-center gap-1.5 text-sm">
						<input
							type="radio"
							name={name}
							value={swatch.hex}
							defaultChecked={i === 0}
							onChange={onChosen}
							className="size-4 accent-brand"
						/>
						<span
							aria-hidden
							className="size-5 rounded-full border border-gray-300"
							style={{ background: swatch.hex }}
						/>
						{swatch.name}
					</label>
				))}
				<label className="flex min-h-11 cursor-pointer items-center gap-1.5 text-sm">
					<input type="radio" name={name} value={OTHER_COLOUR} onChange={onChosen} className="size-4 accent-brand" />
					Another colour
				</label>
				<input
					type="color"
					name={`other.${surface.name}`}
					defaultValue="#c9b8a6"
					aria-label="Walls: another colour"
					onChange={(event) => {
						const other = event.currentTarget.form?.querySelector<HTMLInputElement>(
							`input[name="${name}"][value="${OTHER_COLOUR}"]`,
						)
						if (other) other.checked = true
						onChosen()
					}}
					className="h-11 w-14 cursor-pointer rounded border border-gray-300"
				/>
			</fieldset>
		)
	const materials = surface.name === 'floor' ? FLOOR_MATERIALS : surface.name === 'worktops' ? WORKTOP_MATERIALS : null
	if (materials)
		return (
			<select
				name={name}
				aria-label={`${label}: material`}
				disabled={disabled}
				onChange={onChosen}
				className="ml-7 h-11 w-fit rounded-md border border-gray-300 bg-white px-3 text-sm disabled:opacity-60"
			>
				{materials.map((m) => (
					<option key={m} value={m}>
						{capitalised(m)}
					</option>
				))}
			</select>
		)
	return (
		<input
			type="color"
			name={name}
			defaultValue="#f2ede3"
			aria-label={`${label}: colour`}
			disabled={disabled}
			onChange={onChosen}
			className="ml-7 h-11 w-14 cursor-pointer rounded border border-gray-300 disabled:opacity-60"
		/>
	)
}

function RenovateFields({ panel, errorsId }: { panel: Panel; errorsId: string }) {
	const surfaces = RENOVATED_SURFACES.flatMap((name) => panel.surfaces.filter((s) => s.name === name))
	const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
	const tick = (name: string, on: boolean) =>
		setTicked((current) => {
			const next = new Set(current)
			if (on) next.add(name)
			else next.delete(name)
			return next
		})
	return (
		<>
			<PickablePhoto panel={panel} picked={new Set()} />
			<fieldset className="flex flex-col gap-3" aria-describedby={errorsId}>
				<legend className="mb-1 text-sm font-semibold text-gray-900">What to renovate</legend>
				<p className="text-sm text-muted-foreground">
					Only the surfaces ticked change; the furniture and everything else stay as they are.
				</p>
				{panel.notRenovatable ? (
					<p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
						{panel.notRenovatable}.
					</p>
				) : null}
				{surfaces.length ? null : (
					<p className="text-sm text-gray-900">This photo shows no walls, floor, ceiling or kitchen to renovate.</p>
				)}
				{surfaces.map((surface) => (
					<div key={surface.name} className="flex flex-col gap-1">
						<label
							className={cn(
								'flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium',
								!surface.renovatable && 'cursor-not-allowed text-muted-foreground',
							)}
						>
							<input
								type="checkbox"
								name="surface"
								value={surface.name}
								disabled={!surface.renovatable}
								checked={ticked.has(surface.name)}
								onChange={(event) => tick(surface.name, event.target.checked)}
								className="size-5 accent-brand"
							/>
							{capitalised(surface.name)}
							{surface.renovatable ? null : <span className="font-normal">(needs a staging provider)</span>}
						</label>
						<SurfaceChoice surface={surface} onChosen={() => tick(surface.name, true)} />
					</div>
				))}
			</fieldset>
		</>
	)
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
	panel: Panel
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

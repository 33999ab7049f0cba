import { Camera, CircleCheck, FileX, ImagePlus, LoaderCircle, Plus, RefreshCw, Trash2 } from 'lucide-react'
import { useRef, useState, type DragEvent } from 'react'
import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FormAlert } from '#app/components/forms.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { MAX_PHOTOS_PER_UPLOAD, PHOTO_FIELD } from '#core/studio/studio.schema.ts'
import type { RoomView } from '#core/studio/views.ts'
import { pluralise, roomLabel, roomTypeLabel } from '#core/studio/labels.ts'
import { StepActions, StepHeading } from './step-layout.tsx'
import { ACCEPTED_IMAGE_TYPES, FAILED_TO_UPLOAD, type UploadItem } from './use-upload-queue.ts'
import { ImageWithFallback } from './variation-image.tsx'
import { intentAction } from './workflow-steps.ts'
import { PhotoRow } from './photo-row.tsx'

const ACCEPT = ACCEPTED_IMAGE_TYPES.join(',')

/**
 * Two hidden inputs behind real buttons: one for the photo library (several at once), one that
 * opens the camera straight away on phones, for agents standing in the room.
 */
function usePhotoPickers(onFiles: (files: File[]) => void) {
	const libraryRef = useRef<HTMLInputElement>(null)
	const cameraRef = useRef<HTMLInputElement>(null)
	const inputs = (
		<>
			<input
				ref={libraryRef}
				type="file"
				accept={ACCEPT}
				multiple
				hidden
				aria-label="Room photos (JPG, PNG, WebP)"
				onChange={(event) => {
					onFiles([...(event.currentTarget.files ?? [])])
					event.currentTarget.value = '' // so picking the same photo again still fires
				}}
			/>
			<input
				ref={cameraRef}
				type="file"
				accept={ACCEPT}
				capture="environment"
				hidden
				aria-label="Take a room photo"
				onChange={(event) => {
					onFiles([...(event.currentTarget.files ?? [])])
					event.currentTarget.value = ''
				}}
			/>
		</>
	)
	return { inputs, chooseFromLibrary: () => libraryRef.current?.click(), takePhoto: () => cameraRef.current?.click() }
}

function DropZone({
	onFiles,
	onChoose,
	onCamera,
}: {
	onFiles: (files: File[]) => void
	onChoose: () => void
	onCamera: () => void
}) {
	const [dragging, setDragging] = useState(false)
	const onDrop = (event: DragEvent) => {
		event.preventDefault()
		setDragging(false)
		onFiles([...event.dataTransfer.files])
	}
	return (
		<section
			aria-labelledby="drop-zone-title"
			onDragOver={(event) => {
				event.preventDefault()
				setDragging(true)
			}}
			onDragLeave={() => setDragging(false)}
			onDrop={onDrop}
			className={cn(
				'flex flex-col items-center gap-4 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors',
				dragging ? 'border-accent bg-blue-50' : 'border-gray-300 bg-muted',
			)}
		>
			<div className="flex size-14 items-center justify-center rounded-full bg-white text-brand shadow-sm">
				<ImagePlus aria-hidden className="size-7" />
			</div>
			<div className="flex flex-col gap-1">
				<p id="drop-zone-title" className="font-semibold text-gray-900">
					Add your room photos
				</p>
				<p className="text-sm text-muted-foreground">JPG, PNG, WebP · up to 10MB each</p>
			</div>
			<div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
				<Button size="lg" onClick={onChoose}>
					<ImagePlus aria-hidden className="size-5" />
					Choose Photos
				</Button>
				<Button size="lg" variant="outline" onClick={onCamera} className="sm:hidden">
					<Camera aria-hidden className="size-5" />
					Take Photo
				</Button>
			</div>
		</section>
	)
}

/** What became of a photo: checked, on its way, its suggested room, or why it cannot be used. */
function PhotoState({ item, onRetry }: { item: UploadItem; onRetry: () => void }) {
	switch (item.state) {
		case 'checking':
		case 'waiting':
		case 'uploading':
			return (
				<p className="flex items-center gap-1.5 text-sm text-muted-foreground">
					<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
					{item.state === 'checking' ? 'Checking...' : 'Uploading...'}
				</p>
			)
		case 'uploaded':
			return (
				<p className="text-sm text-muted-foreground">
					Detected:{' '}
					<span className="font-medium text-gray-900">
						{item.room?.roomTypeBy === 'photo' ? roomTypeLabel(item.room.roomType) : 'Not sure: choose it next'}
					</span>
				</p>
			)
		case 'refused':
		case 'failed':
			return (
				<div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
					<span>{item.error ?? FAILED_TO_UPLOAD}</span>
					{/* Only a photo that did not arrive is worth sending again; a refused one is not. */}
					{item.state === 'failed' ? (
						<Button size="sm" variant="outline" onClick={onRetry} className="h-11">
							<RefreshCw aria-hidden className="size-4" />
							Retry
						</Button>
					) : null}
				</div>
			)
	}
}

function UploadPreview({
	item,
	onRemove,
	onRetry,
	onFurnitureChange,
}: {
	item: UploadItem
	onRemove: () => void
	onRetry: () => void
	onFurnitureChange: (hasFurniture: boolean) => void
}) {
	const furnitureId = `${item.id}-furniture`
	const usable = item.state !== 'refused'
	return (
		<PhotoRow
			thumbnail={
				usable ? (
					<img src={item.preview} alt="" className="size-full object-cover" />
				) : (
					<div className="flex size-full items-center justify-center text-destructive">
						<FileX aria-hidden className="size-8" />
					</div>
				)
			}
			large
		>
			<div className="flex items-start justify-between gap-2">
				<p className="min-w-0 truncate text-sm font-medium text-gray-900" title={item.file.name}>
					{item.file.name}
				</p>
				<span className="flex shrink-0 items-center gap-1">
					{item.state === 'uploaded' ? (
						<span className="inline-flex items-center gap-1 text-xs font-medium text-green-800">
							<CircleCheck aria-hidden className="size-4" />
							Uploaded
						</span>
					) : null}
					<button
						type="button"
						onClick={onRemove}
						disabled={item.state === 'uploading'}
						aria-label={`Remove ${item.file.name}`}
						className="-mt-2 -mr-2 inline-flex size-11 items-center justify-center rounded-md text-gray-500 hover:bg-muted hover:text-destructive disabled:opacity-50"
					>
						<Trash2 aria-hidden className="size-4" />
					</button>
				</span>
			</div>
			<PhotoState item={item} onRetry={onRetry} />
			{usable ? (
				<label
					htmlFor={furnitureId}
					className="-ml-1 flex min-h-11 cursor-pointer items-center gap-2 px-1 text-sm text-gray-800"
				>
					<input
						id={furnitureId}
						type="checkbox"
						checked={item.hasFurniture}
						onChange={(event) => onFurnitureChange(event.currentTarget.checked)}
						className="size-5 rounded border-gray-300 accent-brand"
					/>
					Contains furniture to remove
				</label>
			) : null}
		</PhotoRow>
	)
}

function RoomsAlreadyUploaded({ rooms }: { rooms: RoomView[] }) {
	if (!rooms.length) return null
	return (
		<section aria-labelledby="existing-rooms" className="flex flex-col gap-2">
			<h3 id="existing-rooms" className="text-sm font-semibold text-gray-900">
				Already in this project: {pluralise(rooms.length, 'room')}
			</h3>
			<ul className="flex gap-2 overflow-x-auto pb-1">
				{rooms.map((room) => (
					<li key={room.id} className="flex w-20 shrink-0 flex-col gap-1">
						<div className="size-20 overflow-hidden rounded-lg bg-muted">
							<ImageWithFallback src={room.thumbnailUrl} alt="" size="thumb" />
						</div>
						<span className="truncate text-xs text-muted-foreground">{roomLabel(room)}</span>
					</li>
				))}
			</ul>
		</section>
	)
}

/**
 * The upload as a plain multipart form, until scripts run (or when they never do): several photos
 * at once and one furniture flag; each room type is suggested by what its photo shows and confirmed next.
 */
function PlainUploadForm({
	existingRooms,
	result,
}: {
	existingRooms: RoomView[]
	result?: SubmissionResult<string[]>
}) {
	const [form] = useForm({ id: 'upload-photos', lastResult: result })
	return (
		<form
			method="post"
			encType="multipart/form-data"
			action={intentAction('upload', 'upload')}
			{...getFormProps(form)}
			noValidate={false}
			className="flex flex-col gap-5"
		>
			<StepHeading
				title="Upload Photos"
				description="Add a photo of each room to stage. Supported formats: JPG, PNG, WebP."
			/>
			<FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
			<RoomsAlreadyUploaded rooms={existingRooms} />
			<input type="hidden" name="next" value="room-confirmation" />
			<label className="flex flex-col gap-2 text-sm font-medium text-gray-900">
				Room photos (JPG, PNG, WebP)
				<input
					type="file"
					name={PHOTO_FIELD}
					accept={ACCEPT}
					multiple
					required
					className="rounded-lg border border-gray-300 bg-white p-2 text-base"
				/>
			</label>
			<p className="text-sm text-muted-foreground">
				JPG, PNG, WebP · up to 10MB each, {MAX_PHOTOS_PER_UPLOAD} at a time
			</p>
			<label className="-ml-1 flex min-h-11 cursor-pointer items-center gap-2 px-1 text-sm text-gray-800">
				<input type="checkbox" name="hasFurniture" className="size-5 rounded border-gray-300 accent-brand" />
				Contains furniture to remove
			</label>
			<StepActions>
				<Button type="submit">Continue</Button>
			</StepActions>
		</form>
	)
}

type PhotoPickerProps = {
	items: UploadItem[]
	existingRooms: RoomView[]
	busy: boolean
	onAddFiles: (files: File[]) => void
	onRemove: (id: string) => void
	onRetry: (id: string) => void
	onFurnitureChange: (id: string, hasFurniture: boolean) => void
	onContinue: () => void
}

export function UploadStep(
	props: PhotoPickerProps & {
		/** the server's answer to a plain upload that failed */
		result?: SubmissionResult<string[]>
	},
) {
	const hydrated = useHydrated()
	if (!hydrated) return <PlainUploadForm existingRooms={props.existingRooms} result={props.result} />
	return <PhotoPicker {...props} />
}

/**
 * The upload with scripts: previews, drag and drop, the camera, a furniture flag per photo. Each
 * photo is checked and uploaded as it is chosen, so a file that is no photo is said at once.
 */
function PhotoPicker({
	items,
	existingRooms,
	busy,
	onAddFiles,
	onRemove,
	onRetry,
	onFurnitureChange,
	onContinue,
}: PhotoPickerProps) {
	const addFiles = (files: File[]) => {
		if (files.length) onAddFiles(files)
	}
	const pickers = usePhotoPickers(addFiles)
	const picked = new Set(items.map((item) => item.room?.id))
	const earlier = existingRooms.filter((room) => !picked.has(room.id))
	const unusable = items.filter((item) => item.state === 'refused' || item.state === 'failed').length
	const uploaded = items.filter((item) => item.state === 'uploaded').length
	const canContinue = !busy && !unusable && uploaded + earlier.length > 0

	return (
		<div className="flex flex-col gap-5">
			<StepHeading
				title="Upload Photos"
				description="Add a photo of each room to stage. Supported formats: JPG, PNG, WebP."
			/>
			{pickers.inputs}
			<RoomsAlreadyUploaded rooms={earlier} />
			{items.length ? (
				<>
					<p aria-live="polite" className="text-sm font-medium text-gray-900">
						{pluralise(items.length, 'photo')} selected
					</p>
					<ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
						{items.map((item) => (
							<UploadPreview
								key={item.id}
								item={item}
								onRemove={() => onRemove(item.id)}
								onRetry={() => onRetry(item.id)}
								onFurnitureChange={(hasFurniture) => onFurnitureChange(item.id, hasFurniture)}
							/>
						))}
					</ul>
					<div className="flex flex-wrap gap-3">
						<Button variant="outline" onClick={pickers.chooseFromLibrary}>
							<Plus aria-hidden className="size-4" />
							Add More
						</Button>
						<Button variant="outline" onClick={pickers.takePhoto} className="sm:hidden">
							<Camera aria-hidden className="size-4" />
							Take Photo
						</Button>
					</div>
				</>
			) : (
				<DropZone onFiles={addFiles} onChoose={pickers.chooseFromLibrary} onCamera={pickers.takePhoto} />
			)}
			{unusable ? (
				<p id="upload-blocked" className="text-sm text-destructive">
					Remove the {unusable === 1 ? 'photo' : 'photos'} that could not be uploaded to continue.
				</p>
			) : null}
			<StepActions>
				<Button onClick={onContinue} disabled={!canContinue} aria-describedby={unusable ? 'upload-blocked' : undefined}>
					{busy ? 'Uploading...' : 'Continue'}
				</Button>
			</StepActions>
		</div>
	)
}

import { ImagePlus, X } from 'lucide-react'
import { useId } from 'react'
import { ErrorList } from '#app/components/forms.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { roomTypeLabel } from '#core/studio/labels.ts'
import { PREFERENCE_ROOM_TYPES, type PreferenceRoomType } from '#core/preferences/preferences.schema.ts'
import type { RoomPhoto } from './use-room-photos.ts'

function megabytes(bytes: number) {
	return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * Picks room photos and lists them with a preview, the guessed room type (a select to change it)
 * and a remove button. The input is a real file input behind its label, so it works by keyboard.
 * Without JavaScript nothing can list the picks: the input itself (sent as `name` with the form)
 * is shown, and the server guesses each room type from the file's name.
 */
export function RoomPhotoPicker({
	label,
	hint,
	name,
	nativeInput,
	photos,
	multiple,
	errors,
	onAdd,
	onRemove,
	onRoomType,
	showRoomTypes = true,
}: {
	label: string
	hint: string
	name: string
	nativeInput: boolean
	photos: RoomPhoto[]
	multiple: boolean
	errors?: string[]
	onAdd: (files: File[]) => void
	onRemove: (id: string) => void
	onRoomType: (id: string, roomType: PreferenceRoomType) => void
	showRoomTypes?: boolean
}) {
	const inputId = useId()
	const errorId = errors?.length ? `${inputId}-error` : undefined
	return (
		<div className="flex flex-col gap-3">
			<div className="flex flex-col gap-1.5">
				<span className="text-sm font-medium text-gray-800">{label}</span>
				<label
					htmlFor={inputId}
					className="flex min-h-28 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-gray-300 bg-muted/60 p-4 text-center text-sm text-muted-foreground hover:border-accent focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/40"
				>
					<ImagePlus aria-hidden className="size-6 text-brand" />
					<span>
						<span className="font-medium text-brand">
							{photos.length && multiple ? 'Add more photos' : 'Choose photos'}
						</span>{' '}
						· {hint}
					</span>
					<input
						id={inputId}
						type="file"
						name={name}
						accept="image/jpeg,image/png,image/webp"
						multiple={multiple}
						aria-label={label}
						aria-describedby={errorId}
						aria-invalid={errorId ? true : undefined}
						className={nativeInput ? 'max-w-full text-sm' : 'sr-only'}
						onChange={(event) => {
							const files = Array.from(event.currentTarget.files ?? [])
							if (files.length) onAdd(files)
							// The same file can be picked again after it was removed.
							event.currentTarget.value = ''
						}}
					/>
				</label>
				<ErrorList id={errorId} errors={errors} />
			</div>
			{photos.length ? (
				<>
					<p className="text-sm text-muted-foreground" aria-live="polite">
						{photos.length} photo{photos.length === 1 ? '' : 's'} selected
					</p>
					<ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
						{photos.map((photo) => (
							<li key={photo.id} className="flex gap-3 rounded-lg border border-gray-200 bg-white p-2 shadow-sm">
								<img src={photo.preview} alt="" className="size-20 shrink-0 rounded-md object-cover" />
								<div className="flex min-w-0 flex-1 flex-col gap-1.5">
									<div className="flex items-start justify-between gap-2">
										<div className="min-w-0">
											<p className="truncate text-sm font-medium text-gray-900">{photo.file.name}</p>
											<p className="text-xs text-muted-foreground">{megabytes(photo.file.size)}</p>
										</div>
										<button
											type="button"
											onClick={() => onRemove(photo.id)}
											aria-label={`Remove ${photo.file.name}`}
											className={`${buttonClasses({ variant: 'ghost', size: 'sm' })} -mt-1 -mr-1 size-9 px-0`}
										>
											<X aria-hidden className="size-4" />
										</button>
									</div>
									{showRoomTypes ? (
										<select
											aria-label={`Room type for ${photo.file.name}`}
											value={photo.roomType}
											onChange={(event) => onRoomType(photo.id, event.currentTarget.value as PreferenceRoomType)}
											className="h-9 rounded-md border border-gray-300 bg-white px-2 text-sm"
										>
											{PREFERENCE_ROOM_TYPES.map((type) => (
												<option key={type} value={type}>
													{roomTypeLabel(type)}
												</option>
											))}
										</select>
									) : null}
								</div>
							</li>
						))}
					</ul>
				</>
			) : null}
		</div>
	)
}

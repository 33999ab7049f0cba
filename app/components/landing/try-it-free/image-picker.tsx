import { X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { ErrorList } from '#app/components/forms.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { chosenImageError } from '#core/leads/trial.options.ts'

/**
 * The photo chooser: a plain file input (so it works without JavaScript), a preview of a valid
 * choice, and a control that removes it again. `validate` asks the form to check the field now.
 */
export function ImagePicker({
	id,
	name,
	errors,
	validate,
}: {
	id: string
	name: string
	errors?: string[]
	validate: () => void
}) {
	const inputRef = useRef<HTMLInputElement>(null)
	const [preview, setPreview] = useState<{ url: string; fileName: string } | null>(null)
	useEffect(() => {
		if (!preview) return
		return () => URL.revokeObjectURL(preview.url)
	}, [preview])

	const helpId = `${id}-help`
	const errorId = errors?.length ? `${id}-error` : undefined
	return (
		<div className="flex flex-col gap-1.5">
			<label htmlFor={id} className="text-sm font-medium text-gray-800">
				Room photo
			</label>
			<input
				ref={inputRef}
				id={id}
				name={name}
				type="file"
				accept="image/*"
				aria-invalid={errorId ? true : undefined}
				aria-describedby={[helpId, errorId].filter(Boolean).join(' ')}
				onChange={(event) => {
					const file = event.currentTarget.files?.[0]
					setPreview(file && !chosenImageError(file) ? { url: URL.createObjectURL(file), fileName: file.name } : null)
					validate()
				}}
				className="block w-full rounded-md border border-dashed border-gray-300 bg-white p-2 text-sm text-gray-700 file:mr-3 file:h-10 file:rounded-md file:border-0 file:bg-muted file:px-4 file:font-medium file:text-brand hover:file:bg-gray-200 aria-[invalid]:border-destructive"
			/>
			<p id={helpId} className="text-sm text-muted-foreground">
				PNG, JPG, GIF or WebP, up to 5MB
			</p>
			{preview ? (
				<div className="relative overflow-hidden rounded-lg border border-gray-200">
					<img
						src={preview.url}
						alt={`Preview of ${preview.fileName}`}
						className="max-h-64 w-full bg-muted object-contain"
					/>
					<Button
						variant="outline"
						size="sm"
						className="absolute top-2 right-2 shadow"
						onClick={() => {
							const input = inputRef.current
							if (!input) return
							input.value = ''
							setPreview(null)
							// The form re-checks a field it has already checked; a cleared input sends no event itself.
							input.dispatchEvent(new Event('input', { bubbles: true }))
						}}
					>
						<X aria-hidden className="size-4" />
						Remove image
					</Button>
				</div>
			) : null}
			<div className="min-h-5">
				<ErrorList id={errorId} errors={errors} />
			</div>
		</div>
	)
}

import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Send } from 'lucide-react'
import { useState } from 'react'
import { Field, FormAlert } from '#app/components/forms.tsx'
import { SelectField, TextareaField } from '#app/components/select-field.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import {
	ClientPreferenceSchema,
	DEFAULT_AREA,
	MISSING_IMAGE,
	PHOTO_RULES,
	photoProblem,
	roomTypeField,
} from '#core/preferences/preferences.schema.ts'
import { ClientFieldset } from './client-fields.tsx'
import type { SubmittedPreference } from './confirmation.tsx'
import { areaOptions, styleOptions } from './options.ts'
import { RoomPhotoPicker } from './room-photo-list.tsx'
import { fieldErrorsOf, postForm } from './submit.ts'
import { useRoomPhotos } from './use-room-photos.ts'

type Mode = 'single' | 'multi'

const MODES: Array<{ value: Mode; label: string; description: string }> = [
	{
		value: 'single',
		label: 'Single room',
		description: 'One photo (or the listing link) and the area your client cares about.',
	},
	{
		value: 'multi',
		label: 'Multi-room brochure',
		description: 'Between 2 and 10 room photos, each staged in your client’s style.',
	},
]

/**
 * The client form: who viewed what and which style they liked, then one photo (single room) or
 * 2-10 (multi-room). The same rules and messages as the server run before anything is sent.
 */
export function ClientPreferenceForm({
	defaultAgentEmail,
	onSubmitted,
}: {
	defaultAgentEmail: string
	onSubmitted: (result: SubmittedPreference) => void
}) {
	const { toast } = useToast()
	const [mode, setMode] = useState<Mode>('single')
	const { photos, add, remove, setRoomType } = useRoomPhotos()
	const [photoError, setPhotoError] = useState<string | null>(null)
	const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({})
	const [failure, setFailure] = useState<string | null>(null)
	const [submitting, setSubmitting] = useState(false)

	const [form, fields] = useForm({
		id: 'client-preferences',
		constraint: getZodConstraint(ClientPreferenceSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		defaultValue: { stylePreference: 'standard', area: DEFAULT_AREA, agentEmail: defaultAgentEmail },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ClientPreferenceSchema }),
		async onSubmit(event, { formData }) {
			event.preventDefault()
			const rules = PHOTO_RULES[mode]
			const problem =
				mode === 'single'
					? !photos.length && !String(formData.get('propertyUrl') ?? '').trim()
						? MISSING_IMAGE
						: photoProblem(
								'single',
								photos.map((p) => p.file),
							)
					: photoProblem(
							'multi',
							photos.map((p) => p.file),
						)
			setPhotoError(problem)
			if (problem) {
				toast({ title: 'Error submitting preferences', description: problem, variant: 'destructive' })
				return
			}
			if (mode === 'multi') formData.delete('area')
			photos.forEach((photo, index) => {
				formData.append(rules.field, photo.file, photo.file.name)
				if (mode === 'multi') formData.set(roomTypeField(index), photo.roomType)
			})
			setSubmitting(true)
			setFailure(null)
			const answer = await postForm<SubmittedPreference>(
				mode === 'multi' ? '/api/client-preferences-multi-room' : '/api/client-preferences',
				formData,
			)
			setSubmitting(false)
			if (answer.ok) {
				setServerErrors({})
				onSubmitted(answer.body)
				return
			}
			const errors = fieldErrorsOf(answer.body)
			setServerErrors(errors)
			setPhotoError(errors[rules.field]?.[0] ?? null)
			setFailure(`${mode === 'multi' ? 'Multi-room' : 'Single room'} submission failed: ${answer.statusText}`)
			toast({
				title: 'Error submitting preferences',
				description: answer.body.message ?? answer.statusText,
				variant: 'destructive',
			})
		},
	})

	const errorsOf = (name: keyof typeof fields) => fields[name].errors ?? serverErrors[name]

	function changeMode(next: Mode) {
		setMode(next)
		setPhotoError(null)
		// A single-room request carries one photo: keep the first when coming back from multi-room.
		if (next === 'single') photos.slice(1).forEach((p) => remove(p.id))
	}

	function addPhotos(files: File[]) {
		setPhotoError(null)
		if (mode === 'single') {
			photos.forEach((p) => remove(p.id))
			add(files.slice(0, 1))
		} else add(files)
	}

	return (
		<form className="flex flex-col gap-1" {...getFormProps(form)} encType="multipart/form-data">
			<ClientFieldset fields={fields} serverErrors={serverErrors} addressPlaceholder="12 Oak Street, Bristol BS1 4DJ" />
			<div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
				<SelectField
					labelProps={{ children: 'Style preference *' }}
					selectProps={getSelectProps(fields.stylePreference)}
					options={styleOptions}
					errors={errorsOf('stylePreference')}
				/>
				<Field
					labelProps={{ children: 'Listing URL (optional)' }}
					inputProps={{ ...getInputProps(fields.propertyUrl, { type: 'url' }), placeholder: 'https://' }}
					errors={errorsOf('propertyUrl')}
				/>
			</div>

			<fieldset className="mt-1 mb-4 flex flex-col gap-2">
				<legend className="mb-2 text-sm font-medium text-gray-800">Brochure type</legend>
				<div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
					{MODES.map((option) => (
						<label
							key={option.value}
							className={cn(
								'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm focus-within:ring-2 focus-within:ring-accent/40',
								mode === option.value ? 'border-accent bg-blue-50/50' : 'border-gray-200 bg-white',
							)}
						>
							<input
								type="radio"
								name="mode"
								value={option.value}
								checked={mode === option.value}
								onChange={() => changeMode(option.value)}
								className="mt-0.5 size-4 accent-[var(--color-accent)]"
							/>
							<span className="flex flex-col gap-0.5">
								<span className="font-medium text-gray-900">{option.label}</span>
								<span className="text-muted-foreground">{option.description}</span>
							</span>
						</label>
					))}
				</div>
			</fieldset>

			{mode === 'single' ? (
				<SelectField
					labelProps={{ children: 'Area of interest *' }}
					selectProps={getSelectProps(fields.area)}
					options={areaOptions}
					errors={errorsOf('area')}
				/>
			) : null}

			<RoomPhotoPicker
				label={mode === 'single' ? 'Property photo' : 'Room photos (2-10)'}
				hint="JPG, PNG or WebP, up to 10MB each"
				photos={photos}
				multiple={mode === 'multi'}
				showRoomTypes={mode === 'multi'}
				errors={photoError ? [photoError] : undefined}
				onAdd={addPhotos}
				onRemove={(id) => {
					setPhotoError(null)
					remove(id)
				}}
				onRoomType={setRoomType}
			/>

			<TextareaField
				className="mt-4"
				labelProps={{ children: 'Specific requests (optional)' }}
				textareaProps={{
					...getTextareaProps(fields.notes),
					rows: 3,
					placeholder: 'What did your client love, or want changed?',
				}}
				errors={errorsOf('notes')}
			/>

			<FormAlert id={form.errorId} errors={[failure, ...(form.errors ?? [])]} />
			<div className="mt-3 flex justify-end">
				<Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
					<Send aria-hidden className="size-4" />
					{submitting ? 'Submitting...' : 'Submit Preferences'}
				</Button>
			</div>
		</form>
	)
}

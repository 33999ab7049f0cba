import { getFormProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { FileText } from 'lucide-react'
import { useState } from 'react'
import { FormAlert } from '#app/components/forms.tsx'
import { SelectField, TextareaField } from '#app/components/select-field.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
	DEMO_SOURCE,
	MAX_IMAGE_BYTES,
	MultiRoomPreferenceSchema,
	PHOTO_RULES,
	roomTypeField,
} from '#core/preferences/preferences.schema.ts'
import { ClientFieldset } from './client-fields.tsx'
import type { SubmittedPreference } from './confirmation.tsx'
import { lightingOptions, qualityOptions, styleOptions } from './options.ts'
import { RoomPhotoPicker } from './room-photo-list.tsx'
import { fieldErrorsOf, postForm } from './submit.ts'
import { useRoomPhotos } from './use-room-photos.ts'

const rules = PHOTO_RULES.demo

/** The multi-room demo (spec 02 §2): the same service as the client form, with quality and lighting. */
export function MultiRoomDemoForm({
	defaultAgentEmail,
	onSubmitted,
}: {
	defaultAgentEmail: string
	onSubmitted: (result: SubmittedPreference) => void
}) {
	const { toast } = useToast()
	const { photos, add, remove, setRoomType } = useRoomPhotos()
	const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({})
	const [photoError, setPhotoError] = useState<string | null>(null)
	const [submitting, setSubmitting] = useState(false)

	const [form, fields] = useForm({
		id: 'multi-room-demo',
		constraint: getZodConstraint(MultiRoomPreferenceSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		defaultValue: {
			stylePreference: 'standard',
			qualityLevel: 'standard',
			lightingPreference: 'natural',
			agentEmail: defaultAgentEmail,
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: MultiRoomPreferenceSchema }),
		async onSubmit(event, { formData }) {
			event.preventDefault()
			if (!photos.length) {
				setPhotoError(rules.tooFew)
				toast({ title: 'No images uploaded', description: rules.tooFew, variant: 'destructive' })
				return
			}
			photos.forEach((photo, index) => {
				formData.append(rules.field, photo.file, photo.file.name)
				formData.set(roomTypeField(index), photo.roomType)
			})
			setSubmitting(true)
			const answer = await postForm<SubmittedPreference>(
				`/api/client-preferences-multi-room?form=${DEMO_SOURCE}`,
				formData,
			)
			setSubmitting(false)
			if (answer.ok) {
				toast({
					title: 'Multi-room preference submitted successfully',
					description: answer.body.message,
					variant: 'success',
				})
				onSubmitted(answer.body)
				return
			}
			const errors = fieldErrorsOf(answer.body)
			setServerErrors(errors)
			setPhotoError(errors[rules.field]?.[0] ?? null)
			toast({
				title: 'Submission failed',
				description: 'Failed to submit multi-room preference. Please try again.',
				variant: 'destructive',
			})
		},
	})

	/** Picked files are checked at once: too many or too large never join the list. */
	function addPhotos(files: File[]) {
		setPhotoError(null)
		const large = files.find((file) => file.size > MAX_IMAGE_BYTES)
		if (large) toast({ title: 'File too large', description: rules.tooLarge(large.name), variant: 'destructive' })
		const fitting = files.filter((file) => file.size <= MAX_IMAGE_BYTES)
		const room = rules.max - photos.length
		if (fitting.length > room) toast({ title: 'Too many images', description: rules.tooMany, variant: 'destructive' })
		add(fitting.slice(0, Math.max(0, room)))
	}

	const errorsOf = (name: keyof typeof fields) => fields[name].errors ?? serverErrors[name]

	return (
		<form className="flex flex-col gap-1" {...getFormProps(form)} encType="multipart/form-data">
			<ClientFieldset fields={fields} serverErrors={serverErrors} />
			<div className="grid grid-cols-1 gap-x-4 sm:grid-cols-3">
				<SelectField
					labelProps={{ children: 'Style preference' }}
					selectProps={getSelectProps(fields.stylePreference)}
					options={styleOptions}
					errors={errorsOf('stylePreference')}
				/>
				<SelectField
					labelProps={{ children: 'Quality level' }}
					selectProps={getSelectProps(fields.qualityLevel)}
					options={qualityOptions}
					errors={errorsOf('qualityLevel')}
				/>
				<SelectField
					labelProps={{ children: 'Lighting preference' }}
					selectProps={getSelectProps(fields.lightingPreference)}
					options={lightingOptions}
					errors={errorsOf('lightingPreference')}
				/>
			</div>
			<RoomPhotoPicker
				label="Room images (up to 10)"
				hint="JPG, PNG or WebP, up to 10MB each"
				photos={photos}
				multiple
				errors={photoError ? [photoError] : undefined}
				onAdd={addPhotos}
				onRemove={remove}
				onRoomType={setRoomType}
			/>
			<TextareaField
				className="mt-4"
				labelProps={{ children: 'Additional notes' }}
				textareaProps={{ ...getTextareaProps(fields.notes), rows: 3 }}
				errors={errorsOf('notes')}
			/>
			<FormAlert id={form.errorId} errors={form.errors} />
			<div className="mt-3 flex justify-end">
				<Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
					<FileText aria-hidden className="size-4" />
					{submitting ? 'Generating...' : 'Generate Multi-Room Brochure'}
				</Button>
			</div>
		</form>
	)
}

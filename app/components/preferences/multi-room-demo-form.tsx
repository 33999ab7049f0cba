import { getFormProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { FileText } from 'lucide-react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FormAlert } from '#app/components/forms.tsx'
import { SelectField, TextareaField } from '#app/components/select-field.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
	MAX_IMAGE_BYTES,
	MultiRoomPreferenceSchema,
	PHOTO_RULES,
	roomTypeField,
} from '#core/preferences/preferences.schema.ts'
import { ClientFieldset } from './client-fields.tsx'
import { lightingOptions, qualityOptions, styleOptions } from './options.ts'
import { RoomPhotoPicker } from './room-photo-list.tsx'
import { usePreferenceSubmit } from './use-preference-submit.ts'
import { useRoomPhotos } from './use-room-photos.ts'

const rules = PHOTO_RULES.demo

/**
 * The multi-room demo (spec 02 §2): the same service as the client form, with quality and
 * lighting, posted to the page's action. With JavaScript the photos are listed and checked as
 * they are picked.
 */
export function MultiRoomDemoForm({ defaultAgentEmail }: { defaultAgentEmail: string }) {
	const { toast } = useToast()
	const hydrated = useHydrated()
	const { photos, add, remove, setRoomType } = useRoomPhotos()
	const { refusal, send, submitting, photoError, setPhotoError } = usePreferenceSubmit('.', rules.field)

	const [form, fields] = useForm({
		id: 'multi-room-demo',
		lastResult: refusal?.result,
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
		onSubmit(event, { formData }) {
			event.preventDefault()
			if (!photos.length) {
				setPhotoError(rules.tooFew)
				toast({ title: 'No images uploaded', description: rules.tooFew, variant: 'destructive' })
				return
			}
			// The picker's own input was emptied after each pick: the listed photos are what is sent.
			formData.delete(rules.field)
			photos.forEach((photo, index) => {
				formData.append(rules.field, photo.file, photo.file.name)
				formData.set(roomTypeField(index), photo.roomType)
			})
			send(formData)
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

	return (
		<Form method="post" encType="multipart/form-data" className="flex flex-col gap-1" {...getFormProps(form)}>
			<ClientFieldset fields={fields} />
			<div className="grid grid-cols-1 gap-x-4 sm:grid-cols-3">
				<SelectField
					labelProps={{ children: 'Style preference' }}
					selectProps={getSelectProps(fields.stylePreference)}
					options={styleOptions}
					errors={fields.stylePreference.errors}
				/>
				<SelectField
					labelProps={{ children: 'Quality level' }}
					selectProps={getSelectProps(fields.qualityLevel)}
					options={qualityOptions}
					errors={fields.qualityLevel.errors}
				/>
				<SelectField
					labelProps={{ children: 'Lighting preference' }}
					selectProps={getSelectProps(fields.lightingPreference)}
					options={lightingOptions}
					errors={fields.lightingPreference.errors}
				/>
			</div>
			<RoomPhotoPicker
				label="Room images (up to 10)"
				hint="JPG, PNG or WebP, up to 10MB each"
				name={rules.field}
				nativeInput={!hydrated}
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
				errors={fields.notes.errors}
			/>
			<FormAlert id={form.errorId} errors={form.errors} />
			<div className="mt-3 flex justify-end">
				<Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
					<FileText aria-hidden className="size-4" />
					{submitting ? 'Generating...' : 'Generate Multi-Room Brochure'}
				</Button>
			</div>
		</Form>
	)
}

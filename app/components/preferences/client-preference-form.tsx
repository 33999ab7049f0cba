import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { Send } from 'lucide-react'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Field, FormAlert } from '#app/components/forms.tsx'
import { SelectField, TextareaField } from '#app/components/select-field.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
	ClientPreferenceSchema,
	DEFAULT_AREA,
	MISSING_IMAGE,
	PHOTO_RULES,
	photoProblem,
	roomTypeField,
} from '#core/preferences/preferences.schema.ts'
import type { StagedFavourite } from '#core/preferences/staged-favourites.ts'
import { ClientFieldset } from './client-fields.tsx'
import { ModeChoice, modeAction, type Mode } from './mode-choice.tsx'
import { areaOptions, styleOptions } from './options.ts'
import { RoomPhotoPicker } from './room-photo-list.tsx'
import { StagedFavouriteChoice } from './staged-favourite-choice.tsx'
import { usePreferenceSubmit } from './use-preference-submit.ts'
import { useRoomPhotos } from './use-room-photos.ts'

/** The photo rule the browser can check before sending: the same rules and messages as the server. */
function photosProblem(mode: Mode, files: File[], propertyUrl: string, favoriteId: string) {
	if (mode === 'single' && favoriteId) return null
	if (mode === 'single' && !files.length && !propertyUrl.trim()) return MISSING_IMAGE
	return photoProblem(mode, files)
}

/**
 * The client form: who viewed what and which style they liked, then one photo (single room) or
 * 2-10 (multi-room), posted to the page's action for the mode. A single room may instead use one
 * of the agent's staged favourites (`favourites`), the upload and the area then left out. With
 * JavaScript the picked photos are listed (room types changeable) and checked before anything is sent.
 */
export function ClientPreferenceForm({
	defaultAgentEmail,
	initialMode,
	favourites,
}: {
	defaultAgentEmail: string
	initialMode: Mode
	favourites: StagedFavourite[]
}) {
	const { toast } = useToast()
	const hydrated = useHydrated()
	const [mode, setMode] = useState<Mode>(initialMode)
	const rules = PHOTO_RULES[mode]
	const { photos, add, remove, setRoomType } = useRoomPhotos()
	const { refusal, send, submitting, photoError, setPhotoError } = usePreferenceSubmit(modeAction(mode), rules.field)

	const [form, fields] = useForm({
		id: 'client-preferences',
		lastResult: refusal?.result,
		constraint: getZodConstraint(ClientPreferenceSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		defaultValue: { stylePreference: 'standard', area: DEFAULT_AREA, agentEmail: defaultAgentEmail },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ClientPreferenceSchema }),
		onSubmit(event, { formData }) {
			event.preventDefault()
			const files = photos.map((p) => p.file)
			const favoriteId = mode === 'single' ? String(formData.get('favoriteId') ?? '') : ''
			const problem = photosProblem(mode, files, String(formData.get('propertyUrl') ?? ''), favoriteId)
			setPhotoError(problem)
			if (problem) {
				toast({ title: 'Error submitting preferences', description: problem, variant: 'destructive' })
				return
			}
			// The picker's own input was emptied after each pick: the listed photos are what is sent.
			formData.delete(rules.field)
			if (mode === 'multi' || favoriteId) formData.delete('area')
			if (mode === 'multi') formData.delete('favoriteId')
			if (!favoriteId)
				photos.forEach((photo, index) => {
					formData.append(rules.field, photo.file, photo.file.name)
					if (mode === 'multi') formData.set(roomTypeField(index), photo.roomType)
				})
			send(formData)
		},
	})

	const [favoriteId, setFavoriteId] = useState(String(fields.favoriteId.initialValue ?? ''))
	// Without JavaScript the upload and the area stay on screen: the radios cannot bring them back.
	const usingFavourite = hydrated && mode === 'single' && favoriteId !== ''
	function chooseFavourite(id: string) {
		setFavoriteId(id)
		setPhotoError(null)
		// The favourite's property is the brochure's, unless the agent has typed another.
		const property = favourites.find((f) => f.id === id)?.propertyAddress
		if (property && !fields.propertyAddress.value) form.update({ name: fields.propertyAddress.name, value: property })
	}

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
		<Form
			method="post"
			encType="multipart/form-data"
			action={modeAction(mode)}
			className="flex flex-col gap-1"
			{...getFormProps(form)}
		>
			<ClientFieldset fields={fields} addressPlaceholder="12 Oak Street, Bristol BS1 4DJ" />
			<div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
				<SelectField
					labelProps={{ children: 'Style preference *' }}
					selectProps={getSelectProps(fields.stylePreference)}
					options={styleOptions}
					errors={fields.stylePreference.errors}
				/>
				<Field
					labelProps={{ children: 'Listing URL (optional)' }}
					inputProps={{ ...getInputProps(fields.propertyUrl, { type: 'url' }), placeholder: 'https://' }}
					errors={fields.propertyUrl.errors}
				/>
			</div>

			<ModeChoice mode={mode} interactive={hydrated} onChange={changeMode} />

			{mode === 'single' && favourites.length ? (
				<StagedFavouriteChoice
					favourites={favourites}
					chosen={favoriteId}
					onChoose={chooseFavourite}
					errors={fields.favoriteId.errors}
					errorId={fields.favoriteId.errorId}
				/>
			) : null}

			{mode === 'single' && !usingFavourite ? (
				<SelectField
					labelProps={{ children: 'Area of interest *' }}
					selectProps={getSelectProps(fields.area)}
					options={areaOptions}
					errors={fields.area.errors}
				/>
			) : null}

			{usingFavourite ? null : (
				<RoomPhotoPicker
					label={mode === 'single' ? 'Property photo' : 'Room photos (2-10)'}
					hint="JPG, PNG or WebP, up to 10MB each"
					name={rules.field}
					nativeInput={!hydrated}
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
			)}

			<TextareaField
				className="mt-4"
				labelProps={{ children: 'Specific requests (optional)' }}
				textareaProps={{
					...getTextareaProps(fields.notes),
					rows: 3,
					placeholder: 'What did your client love, or want changed?',
				}}
				errors={fields.notes.errors}
			/>

			<FormAlert id={form.errorId} errors={form.errors} />
			<div className="mt-3 flex justify-end">
				<Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
					<Send aria-hidden className="size-4" />
					{submitting ? 'Submitting...' : 'Submit Preferences'}
				</Button>
			</div>
		</Form>
	)
}

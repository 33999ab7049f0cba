import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useFetcher } from '@remix-run/react'
import { CircleAlert, Loader2 } from 'lucide-react'
import { useEffect } from 'react'
import { HoneypotInputs, HoneypotProvider } from 'remix-utils/honeypot/react'
import { Field } from '#app/components/forms.tsx'
import { SelectField } from '#app/components/select-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { HONEYPOT_FIELD } from '#app/utils/honeypot.ts'
import { holdSubmitUntilLoaded, lazyValidation } from '#app/utils/lazy-validation.ts'
import { TRIAL_ROOM_LABELS, TRIAL_ROOM_TYPES, TRIAL_STYLE_LABELS, TRIAL_STYLES } from '#core/leads/trial.options.ts'
import { ImagePicker } from './image-picker.tsx'
import { TRIAL_FORM_CONSTRAINT } from './trial-constraint.ts'
import type { TrialActionData } from './try-it-free-section.tsx'

const roomTypeOptions = [
	{ value: '', label: 'Select a room type' },
	...TRIAL_ROOM_TYPES.map((type) => ({ value: type, label: TRIAL_ROOM_LABELS[type] })),
]
const styleOptions = [
	{ value: '', label: 'Select a furniture style' },
	...TRIAL_STYLES.map((style) => ({ value: style, label: TRIAL_STYLE_LABELS[style] })),
]

/** The schema and conform's parser load when the form is first focused, touched or submitted. */
const validation = lazyValidation(() => import('./trial-validation.ts'))
const loadValidation = () => void validation.load().catch(() => {})

/** The landing page's index route, whose action takes the trial. */
const FORM_ACTION = '/?index'

/** The red box for failures that belong to no field, titled as the spec's alert. */
function ErrorAlert({ message }: { message: string }) {
	return (
		<div
			role="alert"
			className="flex gap-3 rounded-md border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-destructive"
		>
			<CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
			<div>
				<p className="font-semibold">Error</p>
				<p>{message}</p>
			</div>
		</div>
	)
}

/**
 * The free-trial form, a multipart POST to the landing page's action. Without JavaScript the page
 * answers with `lastResult`/`serverMessage` or a panel. With JavaScript, conform checks the fields
 * in the spec's order (checks loaded on first use), then a fetcher posts the form to the same
 * action and the caller is told how it ended.
 */
export function TrialForm({
	lastResult,
	serverMessage,
	autoFocus,
	onSent,
	onUsed,
}: {
	lastResult?: SubmissionResult<string[]>
	serverMessage?: string | null
	autoFocus: boolean
	onSent: (email: string) => void
	onUsed: () => void
}) {
	const fetcher = useFetcher<{ trial: TrialActionData }>()
	const sending = fetcher.state !== 'idle'
	const reply = sending ? undefined : fetcher.data?.trial
	const refused = reply?.kind === 'error' ? reply : undefined
	const error = fetcher.data ? refused?.message : serverMessage
	useEffect(() => {
		if (reply?.kind === 'sent') onSent(reply.email)
		else if (reply?.kind === 'used') onUsed()
	}, [reply, onSent, onUsed])
	const [form, fields] = useForm({
		id: 'free-trial-form',
		lastResult: fetcher.data ? refused?.result : lastResult,
		constraint: TRIAL_FORM_CONSTRAINT,
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		// loaded: every submit and revalidation passes holdSubmitUntilLoaded first
		onValidate: ({ formData }) => validation.current!.validateTrialForm(formData),
		onSubmit(event, { formData }) {
			event.preventDefault()
			// The spec's clients always send the flag, as text.
			formData.set('requiresDeclutter', formData.has('requiresDeclutter') ? 'true' : 'false')
			fetcher.submit(formData, { method: 'post', action: FORM_ACTION, encType: 'multipart/form-data' })
		},
	})

	const formProps = getFormProps(form)
	return (
		<form
			method="post"
			encType="multipart/form-data"
			action={`${FORM_ACTION}#try-it-free`}
			className="flex flex-col gap-2"
			{...formProps}
			onFocus={loadValidation}
			onPointerDown={loadValidation}
			onSubmit={(event) => holdSubmitUntilLoaded(validation, event) || formProps.onSubmit(event)}
		>
			{error ? <ErrorAlert message={error} /> : null}
			<HoneypotProvider nameFieldName={HONEYPOT_FIELD} validFromFieldName={null}>
				<HoneypotInputs />
			</HoneypotProvider>
			<div className="grid gap-x-4 sm:grid-cols-2">
				<Field
					labelProps={{ children: 'Name' }}
					inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name', autoFocus }}
					errors={fields.name.errors}
				/>
				<Field
					labelProps={{ children: 'Email' }}
					inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
					errors={fields.email.errors}
				/>
				<SelectField
					labelProps={{ children: 'Room type' }}
					selectProps={getSelectProps(fields.roomType)}
					options={roomTypeOptions}
					errors={fields.roomType.errors}
				/>
				<SelectField
					labelProps={{ children: 'Furniture style' }}
					selectProps={getSelectProps(fields.style)}
					options={styleOptions}
					errors={fields.style.errors}
				/>
			</div>
			<label className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
				<input
					{...getInputProps(fields.requiresDeclutter, { type: 'checkbox', value: 'true' })}
					className="size-5 rounded border-gray-300 accent-brand"
				/>
				Remove the existing furniture (declutter first)
			</label>
			<ImagePicker
				id={fields.image.id}
				name={fields.image.name}
				errors={fields.image.errors}
				validate={() => form.validate({ name: fields.image.name })}
			/>
			<Button type="submit" size="lg" disabled={sending} className="mt-1 w-full sm:w-auto sm:self-start">
				{sending ? (
					<>
						<Loader2 aria-hidden className="size-4 animate-spin" />
						Processing...
					</>
				) : (
					'Transform My Photo'
				)}
			</Button>
		</form>
	)
}

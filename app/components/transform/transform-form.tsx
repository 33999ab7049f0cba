import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Link, useFetcher } from '@remix-run/react'
import { Link2, Upload } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { styleLabel } from '#core/studio/labels.ts'
import { ErrorList, FormAlert } from '#app/components/forms.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { holdSubmitUntilLoaded, lazyValidation } from '#app/utils/lazy-validation.ts'
import {
	AREA_LABELS,
	areaFieldName,
	DEFAULT_AREAS,
	DEFAULT_STYLE,
	TRANSFORM_AREAS,
	TRANSFORM_STYLES,
} from '#core/transformations/transformation.options.ts'

export { areaFieldName }

/** What the /transform action answers when it refuses a request. */
export type TransformActionData = { message: string; result?: SubmissionResult<string[]> }

/** The schema and conform's parser load when the form is first focused, touched or submitted. */
const validation = lazyValidation(() => import('./transform-validation.ts'))
const loadValidation = () => void validation.load().catch(() => {})

const control = 'h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-base shadow-sm'

/**
 * The quick transform form (spec 02 §2), used on /transform and in the landing page's #transform
 * section. It posts multipart to the /transform action through a fetcher, so the section stays
 * on the landing page; without JavaScript it is a plain form post, and /transform shows the refusal.
 * Its checks in the browser load on first use (a submit before then waits for them).
 */
export function TransformForm({
	user,
	refusal,
	lastResult,
}: {
	user: { email: string } | null
	refusal?: string
	lastResult?: SubmissionResult<string[]>
}) {
	const fetcher = useFetcher<TransformActionData>({ key: 'transform' })
	const { toast } = useToast()
	const [emailResults, setEmailResults] = useState(false)
	const busy = fetcher.state !== 'idle'
	// set by a submit, so the refusal of a submit (not of a revalidation) is toasted
	const submitting = useRef(false)

	useEffect(() => {
		if (fetcher.state === 'idle' && fetcher.data?.message)
			toast({
				title: 'Error',
				description: fetcher.data.message || 'Failed to start transformation',
				variant: 'destructive',
			})
	}, [fetcher.state, fetcher.data, toast])

	/** The spec's checks before anything is sent (the action parses with the same schema). */
	const [form, fields] = useForm({
		id: 'transform-form',
		lastResult: fetcher.data ? fetcher.data.result : lastResult,
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate({ formData }) {
			// loaded: every submit and revalidation passes holdSubmitUntilLoaded first
			const submission = validation.current!.validateTransformForm(formData)
			if (submitting.current && submission.status === 'error') {
				const problem = Object.values(submission.error ?? {}).flat()[0]
				if (problem) toast({ title: 'Error', description: problem, variant: 'destructive' })
			}
			submitting.current = false
			return submission
		},
		onSubmit(event, { formData }) {
			event.preventDefault()
			// a photo picked before switching to a listing URL is not sent
			if (formData.get('mode') === 'url') formData.delete('image')
			fetcher.submit(formData, { method: 'post', action: '/transform', encType: 'multipart/form-data' })
		},
	})
	const formProps = getFormProps(form)
	const ids = {
		file: fields.image.id,
		url: fields.propertyUrl.id,
		style: fields.style.id,
		email: fields.email.id,
		emailResults: fields.emailResults.id,
	}
	const describedBy = (field: { errors?: string[]; errorId: string }, hint?: string) =>
		[field.errors?.length ? field.errorId : null, hint].filter(Boolean).join(' ') || undefined

	return (
		<fetcher.Form
			method="post"
			action="/transform"
			encType="multipart/form-data"
			{...formProps}
			onFocus={loadValidation}
			onPointerDown={loadValidation}
			onSubmit={(event) => {
				if (holdSubmitUntilLoaded(validation, event)) return
				submitting.current = true
				formProps.onSubmit(event)
			}}
			className="group flex flex-col gap-5"
		>
			<FormAlert errors={[refusal && !fetcher.data ? refusal : null]} />
			{!user ? (
				<div
					role="note"
					className="flex flex-col gap-2 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
				>
					<p>
						<span className="font-semibold">Login required.</span> Please log in or register to transform photos.
					</p>
					<div className="flex gap-2">
						<Link to="/login?redirectTo=/transform" className={buttonClasses({ size: 'sm' })}>
							Sign in
						</Link>
						<Link to="/register" className={buttonClasses({ size: 'sm', variant: 'outline' })}>
							Register
						</Link>
					</div>
				</div>
			) : null}

			<fieldset className="flex flex-col gap-2">
				<legend className="mb-2 text-sm font-medium text-gray-800">Photo source</legend>
				<div className="grid grid-cols-2 gap-2">
					{(
						[
							['upload', 'Upload a photo', Upload],
							['url', 'Listing URL', Link2],
						] as const
					).map(([value, label, Icon]) => (
						<label
							key={value}
							className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 text-sm font-medium has-checked:border-brand has-checked:bg-brand/5 has-checked:text-brand has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
						>
							<input type="radio" name="mode" value={value} defaultChecked={value === 'upload'} className="sr-only" />
							<Icon aria-hidden className="size-4" />
							{label}
						</label>
					))}
				</div>
			</fieldset>

			{/* Both sources are in the page; the chosen radio shows one (CSS, so it works without JavaScript). */}
			<div className="flex flex-col gap-1.5 group-has-[input[name=mode][value=url]:checked]:hidden">
				<label htmlFor={ids.file} className="text-sm font-medium text-gray-800">
					Property photo
				</label>
				<input
					id={ids.file}
					name="image"
					type="file"
					accept="image/jpeg,image/png,image/webp"
					aria-invalid={fields.image.errors?.length ? true : undefined}
					aria-describedby={describedBy(fields.image, `${ids.file}-hint`)}
					className="text-sm file:mr-3 file:h-11 file:rounded-md file:border-0 file:bg-muted file:px-4 file:font-medium"
				/>
				<p id={`${ids.file}-hint`} className="text-xs text-muted-foreground">
					JPG, PNG or WebP, up to 10MB.
				</p>
				<ErrorList id={fields.image.errorId} errors={fields.image.errors} />
			</div>
			<div className="hidden flex-col gap-1.5 group-has-[input[name=mode][value=url]:checked]:flex">
				<label htmlFor={ids.url} className="text-sm font-medium text-gray-800">
					Listing URL
				</label>
				<input
					id={ids.url}
					name="propertyUrl"
					type="url"
					inputMode="url"
					aria-invalid={fields.propertyUrl.errors?.length ? true : undefined}
					aria-describedby={describedBy(fields.propertyUrl, `${ids.url}-hint`)}
					placeholder="https://www.example-estate.co.uk/property/123"
					className={control}
				/>
				<p id={`${ids.url}-hint`} className="text-xs text-muted-foreground">
					We take up to 10 photos from the listing page.
				</p>
				<ErrorList id={fields.propertyUrl.errorId} errors={fields.propertyUrl.errors} />
			</div>

			<div className="flex flex-col gap-1.5">
				<label htmlFor={ids.style} className="text-sm font-medium text-gray-800">
					Style
				</label>
				<select
					id={ids.style}
					name={fields.style.name}
					defaultValue={DEFAULT_STYLE}
					aria-invalid={fields.style.errors?.length ? true : undefined}
					aria-describedby={describedBy(fields.style)}
					className={control}
				>
					{TRANSFORM_STYLES.map((s) => (
						<option key={s} value={s}>
							{styleLabel(s)}
						</option>
					))}
				</select>
				<ErrorList id={fields.style.errorId} errors={fields.style.errors} />
			</div>

			<fieldset className="flex flex-col gap-2">
				<legend className="mb-2 text-sm font-medium text-gray-800">Areas to transform</legend>
				<div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
					{TRANSFORM_AREAS.map((area) => (
						<label
							key={area}
							className="flex min-h-11 items-center gap-2 rounded-md border border-gray-200 px-3 text-sm"
						>
							<input
								type="checkbox"
								name={areaFieldName(area)}
								value="true"
								defaultChecked={DEFAULT_AREAS.includes(area)}
								className="size-4"
							/>
							{AREA_LABELS[area]}
						</label>
					))}
				</div>
			</fieldset>

			<div className="flex flex-col gap-2">
				<label htmlFor={ids.emailResults} className="flex min-h-11 items-center gap-2 text-sm font-medium">
					<input
						id={ids.emailResults}
						type="checkbox"
						name="emailResults"
						value="true"
						checked={emailResults}
						onChange={(e) => setEmailResults(e.target.checked)}
						className="size-4"
					/>
					Email me the results
				</label>
				{emailResults ? (
					<div className="flex flex-col gap-1.5">
						<label htmlFor={ids.email} className="text-sm font-medium text-gray-800">
							Email
						</label>
						{/* Results go to the account's own address only (the server refuses any other). */}
						<input
							id={ids.email}
							name="email"
							type="email"
							readOnly
							aria-invalid={fields.email.errors?.length ? true : undefined}
							aria-describedby={describedBy(fields.email, `${ids.email}-hint`)}
							value={user?.email ?? ''}
							className={cn(control, 'bg-muted text-gray-700')}
						/>
						<p id={`${ids.email}-hint`} className="text-xs text-muted-foreground">
							Results are sent to your account’s address.
						</p>
						<ErrorList id={fields.email.errorId} errors={fields.email.errors} />
					</div>
				) : null}
			</div>

			<Button type="submit" size="lg" disabled={busy}>
				{busy ? 'Processing...' : 'Transform Property'}
			</Button>
		</fetcher.Form>
	)
}

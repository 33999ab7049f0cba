import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link, useActionData, useFormAction } from '@remix-run/react'
import { ArrowLeft, ImagePlus, LoaderCircle, Upload } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ErrorList, FormAlert } from '#app/components/forms.tsx'
import { StepActions, StepHeading } from '#app/components/studio/step-layout.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { useIsPending } from '#app/utils/misc.ts'
import type { LogoState } from '#core/accounts/logo.ts'
import { LOGO_ACCEPT, logoFileProblem } from '#core/accounts/logo.schema.ts'
import { checkoutSearch, intentAction, LogoFormSchema, type CheckoutState } from './checkout-choice.ts'

/** The upload's refusal: its title ('Invalid File Type', 'File Too Large') and why, as the spec's toast shows them. */
function useRefusalToast(result: SubmissionResult | undefined) {
	const { toast } = useToast()
	useEffect(() => {
		if (result?.status !== 'error') return
		const [title = 'Upload Failed'] = result.error?.[''] ?? []
		const [description = 'Please try again.'] = result.error?.logo ?? []
		toast({ title, description, variant: 'destructive' })
	}, [result, toast])
}

/**
 * The logo sub-screen of the final review: shows the current logo and uploads a new one (PNG,
 * JPG or SVG, below 5MB; checked here first with the server's own rules and words). The upload
 * is the page's `?intent=upload-logo` (multipart, so the intent is in the URL), with the review's
 * choice alongside so the answer can return to it.
 */
export function LogoScreen({ logo, choice }: { logo: LogoState; choice: CheckoutState }) {
	const { toast } = useToast()
	const hydrated = useHydrated()
	const input = useRef<HTMLInputElement>(null)
	const [file, setFile] = useState<File | null>(null)
	const [preview, setPreview] = useState<string | null>(null)
	useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

	const action = intentAction({ ...choice, stage: 'logo' }, 'upload-logo')
	const busy = useIsPending({ formAction: useFormAction(action) })
	const lastResult = useActionData<{ result?: SubmissionResult }>()?.result
	const [form, fields] = useForm({
		id: 'logo-upload',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LogoFormSchema }),
	})
	useRefusalToast(lastResult)

	function pick(picked: File | undefined) {
		if (!picked) return
		const problem = logoFileProblem(picked)
		if (problem) {
			toast({ title: problem.title, description: problem.description, variant: 'destructive' })
			if (input.current) input.current.value = ''
			setFile(null)
			return
		}
		setFile(picked)
		setPreview(URL.createObjectURL(picked))
	}

	const current = logo.hasLogo ? logo.logoUrl : null
	return (
		<Form
			method="post"
			encType="multipart/form-data"
			action={action}
			{...getFormProps(form)}
			className="flex flex-col gap-5"
		>
			<StepHeading
				title="Your Logo"
				description="It goes in the bottom-right corner of every image you keep, scaled to the photo."
			/>
			<FormAlert id={form.errorId} errors={form.errors} />
			<div className="grid gap-4 sm:grid-cols-2">
				<figure className="flex flex-col gap-2">
					<figcaption className="text-sm font-medium text-gray-800">{preview ? 'New logo' : 'Current logo'}</figcaption>
					<div className="flex aspect-[3/2] items-center justify-center rounded-xl border border-gray-200 bg-[repeating-conic-gradient(#f4f5f7_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-4">
						{preview || current ? (
							<img
								src={preview ?? current ?? undefined}
								alt={preview ? 'New logo preview' : 'Your logo'}
								className="max-h-full max-w-full object-contain"
							/>
						) : (
							<span className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
								<ImagePlus aria-hidden className="size-8" />
								No logo yet
							</span>
						)}
					</div>
				</figure>
				<div className="flex flex-col justify-center gap-3">
					<label htmlFor={fields.logo.id} className="text-sm font-medium text-gray-800">
						Logo file (PNG, JPG or SVG, max. 5MB)
					</label>
					<input
						ref={input}
						id={fields.logo.id}
						name={fields.logo.name}
						type="file"
						accept={LOGO_ACCEPT}
						required
						aria-invalid={fields.logo.errors ? true : undefined}
						aria-describedby={fields.logo.errors ? fields.logo.errorId : undefined}
						onChange={(e) => pick(e.target.files?.[0])}
						className="text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-4 file:font-medium file:text-gray-900 hover:file:bg-gray-50"
					/>
					{file ? <p className="text-sm break-all text-muted-foreground">{file.name}</p> : null}
					<ErrorList id={fields.logo.errorId} errors={fields.logo.errors} />
				</div>
			</div>
			<StepActions>
				<Link to={checkoutSearch({ ...choice, stage: 'review' })} className={buttonClasses({ variant: 'outline' })}>
					<ArrowLeft aria-hidden className="size-4" />
					Back to Review
				</Link>
				{/* Before hydration the browser's own file check (required) stands in for the picked-file state. */}
				<Button type="submit" disabled={(hydrated && !file) || busy}>
					{busy ? (
						<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
					) : (
						<Upload aria-hidden className="size-4" />
					)}
					{busy ? 'Uploading...' : 'Upload Logo'}
				</Button>
			</StepActions>
		</Form>
	)
}

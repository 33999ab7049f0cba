import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { ArrowLeft, ArrowRight, Check, ImagePlus, Loader2 } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ErrorList, Field, FormAlert } from '#app/components/forms.tsx'
import { SelectField } from '#app/components/select-field.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import {
	AgentProfileSchema,
	DISCLOSURE_LABEL,
	FONT_FAMILIES,
	LOGO_HINT,
	ONBOARDING_STEPS,
	TEMPLATE_STYLES,
	type AgentProfileInput,
	type FontFamily,
	type TemplateStyle,
} from '#core/accounts/agent-profile.schema.ts'
import { LOGO_ACCEPT, logoFileProblem } from '#core/accounts/logo.schema.ts'
import { BrandPreview } from './brand-preview.tsx'
import { ColourField } from './colour-field.tsx'
import type { Onboarded } from './onboarding-success.tsx'

const LAST = ONBOARDING_STEPS.length - 1
// The name of the button conform submits with for validate/reset intents (@conform-to/dom).
const CONFORM_INTENT = '__intent__'

const TEMPLATES: Record<TemplateStyle, { label: string; description: string }> = {
	modern: { label: 'Modern', description: 'Photo beside a bold block of your primary colour.' },
	classic: { label: 'Classic', description: 'Framed pages, centred type and italic captions.' },
	luxury: { label: 'Luxury', description: 'Dark pages, full-bleed photos, your accent as gold.' },
}

type Answer = {
	success: boolean
	message: string
	errors: string[]
	fieldErrors?: Record<string, string[]>
	agentId: string
	previewUrl: string
	dashboardUrl: string
}

function stepOf(field: string) {
	const index = ONBOARDING_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field))
	return index === -1 ? (field === 'logo' ? 2 : 0) : index
}

/**
 * The four-step onboarding wizard. Every step's inputs stay in the one form (hidden, not
 * removed), so the last step sends them all; Next checks only the step's own fields.
 */
export function OnboardingWizard({
	defaults,
	savedLogoUrl,
	onDone,
}: {
	/** The form's starting values (strings as stored; the schema checks them on the way out). */
	defaults: Record<keyof AgentProfileInput, string>
	savedLogoUrl: string | null
	onDone: (result: Onboarded) => void
}) {
	const { toast } = useToast()
	const [step, setStep] = useState(0)
	const [submitting, setSubmitting] = useState(false)
	const [serverErrors, setServerErrors] = useState<{ list: string[]; fields: Record<string, string[]> }>({
		list: [],
		fields: {},
	})
	const [logo, setLogo] = useState<{ url: string; problem: string[] | null } | null>(null)
	const headings = useRef<Array<HTMLHeadingElement | null>>([])
	const formRef = useRef<HTMLFormElement>(null)

	useEffect(() => () => (logo ? URL.revokeObjectURL(logo.url) : undefined), [logo])

	const [form, fields] = useForm({
		id: 'agent-onboarding',
		constraint: getZodConstraint(AgentProfileSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		defaultValue: defaults,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AgentProfileSchema }),
		async onSubmit(event, { formData }) {
			event.preventDefault()
			if (logo?.problem) return goTo(2)
			const file = formData.get('logo')
			if (!(file instanceof File) || file.size === 0) formData.delete('logo')
			setSubmitting(true)
			try {
				const response = await fetch('/api/onboard-agent', { method: 'POST', body: formData, credentials: 'include' })
				const body = (await response.json()) as Answer
				if (!response.ok || !body.success) {
					const fieldErrors = body.fieldErrors ?? {}
					setServerErrors({ list: body.errors ?? [body.message], fields: fieldErrors })
					const first = Object.keys(fieldErrors)[0]
					if (first) goTo(stepOf(first))
					toast({ title: 'Onboarding Failed', description: body.message, variant: 'destructive' })
					return
				}
				toast({
					title: 'Onboarding Complete!',
					description: 'Your agent profile has been created successfully.',
					variant: 'success',
				})
				onDone({ ...body, email: String(formData.get('email')) })
			} catch {
				toast({
					title: 'Error',
					description: 'Failed to complete onboarding. Please try again.',
					variant: 'destructive',
				})
			} finally {
				setSubmitting(false)
			}
		},
	})

	function goTo(next: number) {
		setStep(next)
		// The new step's heading takes focus, so keyboard and screen-reader users start at its top.
		requestAnimationFrame(() => headings.current[next]?.focus())
	}

	/** Next: only this step's fields must be valid (spec 02 §4); their errors show if not. */
	function next() {
		const formElement = formRef.current
		if (!formElement) return
		const names = ONBOARDING_STEPS[step].fields as readonly string[]
		const result = AgentProfileSchema.safeParse(Object.fromEntries(new FormData(formElement)))
		const invalid = result.success
			? []
			: names.filter((name) => result.error.issues.some((issue) => issue.path[0] === name))
		if (step === 2 && logo?.problem) return
		if (invalid.length) {
			for (const name of invalid) form.validate({ name })
			formElement.querySelector<HTMLElement>(`[name="${invalid[0]}"]`)?.focus()
			return
		}
		goTo(step + 1)
	}

	const formProps = getFormProps(form)
	function onSubmit(event: FormEvent<HTMLFormElement>) {
		// conform's own validation requests arrive as submits from its intent button: let them through.
		const fromConform = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === CONFORM_INTENT
		// Enter in a field of an earlier step means Next, not send.
		if (step < LAST && !fromConform) {
			event.preventDefault()
			next()
			return
		}
		formProps.onSubmit(event)
	}

	const errorsOf = (name: keyof typeof fields) => fields[name].errors ?? serverErrors.fields[name]
	const value = (name: keyof typeof fields, fallback: string) => (fields[name].value as string | undefined) ?? fallback
	const preview = {
		companyName: value('companyName', ''),
		primaryColor: value('primaryColor', '#000000'),
		secondaryColor: value('secondaryColor', '#ffffff'),
		accentColor: value('accentColor', '#3b82f6'),
		fontFamily: (FONT_FAMILIES as readonly string[]).includes(value('fontFamily', ''))
			? (value('fontFamily', '') as FontFamily)
			: 'Inter',
		templateStyle: (TEMPLATE_STYLES as readonly string[]).includes(value('templateStyle', ''))
			? (value('templateStyle', '') as TemplateStyle)
			: 'modern',
		logoUrl: logo && !logo.problem ? logo.url : savedLogoUrl,
	}
	const hexOk = (v: string) => /^#[0-9a-f]{6}$/i.test(v)
	const safePreview = {
		...preview,
		primaryColor: hexOk(preview.primaryColor) ? preview.primaryColor : '#000000',
		secondaryColor: hexOk(preview.secondaryColor) ? preview.secondaryColor : '#ffffff',
		accentColor: hexOk(preview.accentColor) ? preview.accentColor : '#3b82f6',
	}

	const stepHeading = (index: number) => (
		<h2
			ref={(el) => {
				headings.current[index] = el
			}}
			tabIndex={-1}
			className="text-lg font-semibold text-gray-900 focus:outline-none"
		>
			{ONBOARDING_STEPS[index].title}
		</h2>
	)

	return (
		<div className="flex flex-col gap-6">
			<ol aria-label="Onboarding steps" className="grid grid-cols-4 gap-2">
				{ONBOARDING_STEPS.map((s, index) => (
					<li key={s.title} aria-current={index === step ? 'step' : undefined} className="flex flex-col gap-1.5">
						<span className={cn('h-1.5 rounded-full', index <= step ? 'bg-brand' : 'bg-gray-200')} />
						<span
							className={cn(
								'hidden text-xs sm:block',
								index === step ? 'font-semibold text-gray-900' : 'text-muted-foreground',
							)}
						>
							{index < step ? <Check aria-hidden className="mr-1 inline size-3" /> : null}
							{s.title}
						</span>
					</li>
				))}
			</ol>
			<p className="text-sm text-muted-foreground sm:hidden" aria-hidden>
				Step {step + 1} of {ONBOARDING_STEPS.length}
			</p>

			<div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
				<form
					ref={formRef}
					{...formProps}
					onSubmit={onSubmit}
					encType="multipart/form-data"
					className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
				>
					<p className="sr-only" aria-live="polite">
						Step {step + 1} of {ONBOARDING_STEPS.length}: {ONBOARDING_STEPS[step].title}
					</p>

					<section hidden={step !== 0} className="flex flex-col gap-1">
						{stepHeading(0)}
						<Field
							labelProps={{ children: 'Company name *' }}
							inputProps={{ ...getInputProps(fields.companyName, { type: 'text' }), autoComplete: 'organization' }}
							errors={errorsOf('companyName')}
						/>
						<Field
							labelProps={{ children: 'Agent name *' }}
							inputProps={{ ...getInputProps(fields.agentName, { type: 'text' }), autoComplete: 'name' }}
							errors={errorsOf('agentName')}
						/>
					</section>

					<section hidden={step !== 1} className="flex flex-col gap-1">
						{stepHeading(1)}
						<Field
							labelProps={{ children: 'Email *' }}
							inputProps={{
								...getInputProps(fields.email, { type: 'email' }),
								autoComplete: 'email',
								inputMode: 'email',
							}}
							errors={errorsOf('email')}
						/>
						<Field
							labelProps={{ children: 'Phone' }}
							inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
							errors={errorsOf('phone')}
						/>
						<Field
							labelProps={{ children: 'Website' }}
							inputProps={{ ...getInputProps(fields.website, { type: 'url' }), placeholder: 'https://' }}
							errors={errorsOf('website')}
						/>
					</section>

					<section hidden={step !== 2} className="flex flex-col gap-3">
						{stepHeading(2)}
						<div className="flex flex-col gap-1.5">
							<span className="text-sm font-medium text-gray-800">Logo</span>
							<label className="flex cursor-pointer items-center gap-3 rounded-lg border-2 border-dashed border-gray-300 bg-muted/60 p-3 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/40 hover:border-accent">
								{preview.logoUrl ? (
									<img src={preview.logoUrl} alt="Logo preview" className="h-12 w-20 rounded bg-white object-contain" />
								) : (
									<ImagePlus aria-hidden className="size-8 text-brand" />
								)}
								<span className="flex flex-col text-sm">
									<span className="font-medium text-brand">{preview.logoUrl ? 'Change logo' : 'Upload logo'}</span>
									<span className="text-muted-foreground">{LOGO_HINT}</span>
								</span>
								<input
									type="file"
									name="logo"
									accept={LOGO_ACCEPT}
									aria-label="Logo"
									aria-describedby={logo?.problem ? 'logo-error' : undefined}
									className="sr-only"
									onChange={(event) => {
										const file = event.currentTarget.files?.[0]
										if (!file) return setLogo(null)
										const problem = logoFileProblem(file)
										setLogo({
											url: URL.createObjectURL(file),
											problem: problem ? [`${problem.title}: ${problem.description}`] : null,
										})
									}}
								/>
							</label>
							<ErrorList id="logo-error" errors={logo?.problem ?? serverErrors.fields.logo} />
						</div>
						<div className="grid grid-cols-1 gap-x-3 sm:grid-cols-3">
							<ColourField label="Primary colour" field={fields.primaryColor} />
							<ColourField label="Secondary colour" field={fields.secondaryColor} />
							<ColourField label="Accent colour" field={fields.accentColor} />
						</div>
					</section>

					<section hidden={step !== 3} className="flex flex-col gap-3">
						{stepHeading(3)}
						<SelectField
							labelProps={{ children: 'Font' }}
							selectProps={getSelectProps(fields.fontFamily)}
							options={FONT_FAMILIES.map((f) => ({ value: f, label: f }))}
							errors={errorsOf('fontFamily')}
						/>
						<fieldset className="flex flex-col gap-2">
							<legend className="mb-1 text-sm font-medium text-gray-800">Template style</legend>
							<div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
								{getCollectionProps(fields.templateStyle, { type: 'radio', options: [...TEMPLATE_STYLES] }).map(
									({ key, ...props }) => {
										const template = TEMPLATES[props.value as TemplateStyle]
										return (
											<label
												key={key}
												className={cn(
													'flex cursor-pointer gap-2 rounded-lg border p-3 text-sm focus-within:ring-2 focus-within:ring-accent/40',
													preview.templateStyle === props.value ? 'border-accent bg-blue-50/50' : 'border-gray-200',
												)}
											>
												<input {...props} className="mt-0.5 size-4" />
												<span className="flex flex-col">
													<span className="font-medium text-gray-900">{template.label}</span>
													<span className="text-muted-foreground">{template.description}</span>
												</span>
											</label>
										)
									},
								)}
							</div>
							<ErrorList errors={errorsOf('templateStyle')} />
						</fieldset>
						<fieldset className="flex flex-col gap-2" aria-describedby="disclosure-hint">
							<legend className="mb-1 text-sm font-medium text-gray-800">“{DISCLOSURE_LABEL}” label</legend>
							<p id="disclosure-hint" className="text-sm text-muted-foreground">
								Printed in a corner of every staged photo you download or share and on your brochures, as listing rules
								ask.
							</p>
							<div className="flex flex-wrap gap-2">
								{getCollectionProps(fields.disclosureLabel, { type: 'radio', options: ['on', 'off'] }).map(
									({ key, ...props }) => (
										<label
											key={key}
											className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-accent/40"
										>
											<input {...props} className="size-4" />
											{props.value === 'on' ? 'Show the label' : 'No label'}
										</label>
									),
								)}
							</div>
							<ErrorList errors={errorsOf('disclosureLabel')} />
						</fieldset>
					</section>

					<FormAlert id={form.errorId} errors={serverErrors.list.length ? serverErrors.list : form.errors} />

					<div className="flex flex-col-reverse gap-3 border-t border-gray-100 pt-4 sm:flex-row sm:justify-between">
						<Button
							variant="outline"
							onClick={() => goTo(step - 1)}
							disabled={step === 0 || submitting}
							className={cn(step === 0 && 'invisible')}
						>
							<ArrowLeft aria-hidden className="size-4" />
							Back
						</Button>
						{/* Separate keys: reusing one element would let the click on Next land as a submit once it turns into Create Profile. */}
						{step < LAST ? (
							<Button key="next" onClick={next}>
								Next
								<ArrowRight aria-hidden className="size-4" />
							</Button>
						) : (
							<Button key="submit" type="submit" disabled={submitting}>
								{submitting ? (
									<Loader2 aria-hidden className="size-4 animate-spin" />
								) : (
									<Check aria-hidden className="size-4" />
								)}
								{submitting ? 'Creating Profile...' : 'Create Profile'}
							</Button>
						)}
					</div>
				</form>

				<aside aria-label="Brochure preview" className={cn('flex flex-col gap-2', step < 2 && 'hidden lg:flex')}>
					<h2 className="text-sm font-semibold text-gray-900">Your brochure cover</h2>
					<BrandPreview brand={safePreview} />
				</aside>
			</div>
		</div>
	)
}

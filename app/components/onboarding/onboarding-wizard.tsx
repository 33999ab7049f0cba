import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData } from '@remix-run/react'
import { ArrowLeft, ArrowRight, Check, Loader2 } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FormAlert } from '#app/components/forms.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { AgentProfileSchema, ONBOARDING_STEPS, type AgentProfileInput } from '#core/accounts/agent-profile.schema.ts'
import { BrandPreview, previewBrand } from './brand-preview.tsx'
import { LogoField, useLogoChoice } from './logo-field.tsx'
import { StepProgress } from './step-progress.tsx'
import { ColourFields, CompanyFields, ContactFields, TemplateFields, WizardStep } from './wizard-steps.tsx'

const LAST = ONBOARDING_STEPS.length - 1
const BRAND_STEP = 2
// The name of the button conform submits with for validate/reset intents (@conform-to/dom).
const CONFORM_INTENT = '__intent__'

/** What the page's action answers when it refuses the profile. */
type Refusal = { result: SubmissionResult<string[]>; message: string }

function stepOf(field: string) {
	const index = ONBOARDING_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field))
	return index === -1 ? (field === 'logo' ? BRAND_STEP : 0) : index
}

/**
 * The four-step onboarding wizard, one multipart form posted to the page's action. With
 * JavaScript it goes step by step (every step's inputs stay in the form, hidden, so the last step
 * sends them all; Next checks only the step's own fields); without, the steps are sections of one
 * long form and the server's verdict comes back in the page.
 */
export function OnboardingWizard({
	defaults,
	savedLogoUrl,
}: {
	/** The form's starting values (strings as stored; the schema checks them on the way out). */
	defaults: Record<keyof AgentProfileInput, string>
	savedLogoUrl: string | null
}) {
	const refusal = useActionData<Refusal>()
	const stepwise = useHydrated()
	const [step, setStep] = useState(0)
	const { logo, choose } = useLogoChoice()
	const submitting = useIsPending()
	const headings = useRef<Array<HTMLHeadingElement | null>>([])
	const formRef = useRef<HTMLFormElement>(null)

	const [form, fields] = useForm({
		id: 'agent-onboarding',
		lastResult: refusal?.result,
		constraint: getZodConstraint(AgentProfileSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		defaultValue: defaults,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AgentProfileSchema }),
	})

	function goTo(next: number) {
		setStep(next)
		// The new step's heading takes focus, so keyboard and screen-reader users start at its top.
		requestAnimationFrame(() => headings.current[next]?.focus())
	}
	useRefusalToast(refusal, goTo)

	/** Next: only this step's fields must be valid (spec 02 §4); their errors show if not. */
	function next() {
		const formElement = formRef.current
		if (!formElement) return
		const names = ONBOARDING_STEPS[step].fields as readonly string[]
		const result = AgentProfileSchema.safeParse(Object.fromEntries(new FormData(formElement)))
		const invalid = result.success
			? []
			: names.filter((name) => result.error.issues.some((issue) => issue.path[0] === name))
		if (step === BRAND_STEP && logo?.problem) return
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
		if (!fromConform && (step < LAST || logo?.problem)) {
			event.preventDefault()
			// Enter in a field of an earlier step means Next, not send; a refused logo sends the agent back to it.
			if (step < LAST) next()
			else goTo(BRAND_STEP)
			return
		}
		formProps.onSubmit(event)
	}

	const value = (name: keyof typeof fields) => fields[name].value as string | undefined
	const brand = previewBrand(
		{
			companyName: value('companyName'),
			primaryColor: value('primaryColor'),
			secondaryColor: value('secondaryColor'),
			accentColor: value('accentColor'),
			fontFamily: value('fontFamily'),
			templateStyle: value('templateStyle'),
		},
		logo && !logo.problem ? logo.url : savedLogoUrl,
	)
	// Without JavaScript every step is shown at once.
	const shown = (index: number) => !stepwise || index === step
	const headingRef = (index: number) => (el: HTMLHeadingElement | null) => {
		headings.current[index] = el
	}

	return (
		<div className="flex flex-col gap-6">
			{stepwise ? <StepProgress step={step} /> : null}

			<div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
				<Form
					ref={formRef}
					method="post"
					encType="multipart/form-data"
					{...formProps}
					onSubmit={onSubmit}
					className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
				>
					{stepwise ? (
						<p className="sr-only" aria-live="polite">
							Step {step + 1} of {ONBOARDING_STEPS.length}: {ONBOARDING_STEPS[step].title}
						</p>
					) : null}

					<WizardStep index={0} shown={shown(0)} headingRef={headingRef(0)} className="gap-1">
						<CompanyFields fields={fields} />
					</WizardStep>
					<WizardStep index={1} shown={shown(1)} headingRef={headingRef(1)} className="gap-1">
						<ContactFields fields={fields} />
					</WizardStep>
					<WizardStep index={2} shown={shown(2)} headingRef={headingRef(2)} className="gap-3">
						<LogoField
							previewUrl={brand.logoUrl}
							errors={logo?.problem ?? refusal?.result.error?.logo ?? undefined}
							nativeInput={!stepwise}
							onPick={choose}
						/>
						<ColourFields fields={fields} />
					</WizardStep>
					<WizardStep index={3} shown={shown(3)} headingRef={headingRef(3)} className="gap-3">
						<TemplateFields fields={fields} template={brand.templateStyle} />
					</WizardStep>

					<FormAlert id={form.errorId} errors={form.errors} />

					<div className="flex flex-col-reverse gap-3 border-t border-gray-100 pt-4 sm:flex-row sm:justify-between">
						{stepwise ? (
							<Button
								variant="outline"
								onClick={() => goTo(step - 1)}
								disabled={step === 0 || submitting}
								className={cn(step === 0 && 'invisible')}
							>
								<ArrowLeft aria-hidden className="size-4" />
								Back
							</Button>
						) : null}
						{/* Separate keys: reusing one element would let the click on Next land as a submit once it turns into Create Profile. */}
						{shown(LAST) ? (
							<Button key="submit" type="submit" disabled={submitting} className="sm:ml-auto">
								{submitting ? (
									<Loader2 aria-hidden className="size-4 animate-spin" />
								) : (
									<Check aria-hidden className="size-4" />
								)}
								{submitting ? 'Creating Profile...' : 'Create Profile'}
							</Button>
						) : (
							<Button key="next" onClick={next}>
								Next
								<ArrowRight aria-hidden className="size-4" />
							</Button>
						)}
					</div>
				</Form>

				<aside
					aria-label="Brochure preview"
					className={cn('flex flex-col gap-2', stepwise && step < BRAND_STEP && 'hidden lg:flex')}
				>
					<h2 className="text-sm font-semibold text-gray-900">Your brochure cover</h2>
					<BrandPreview brand={brand} />
				</aside>
			</div>
		</div>
	)
}

/**
 * After the server refused the profile: the spec's toast with its message, and the step of the
 * first field it faulted, so the agent lands where the error is shown.
 */
function useRefusalToast(refusal: Refusal | undefined, goTo: (step: number) => void) {
	const { toast } = useToast()
	const goToRef = useRef(goTo)
	goToRef.current = goTo
	useEffect(() => {
		if (!refusal) return
		const first = Object.keys(refusal.result.error ?? {}).find((name) => name !== '')
		if (first) goToRef.current(stepOf(first))
		toast({ title: 'Onboarding Failed', description: refusal.message, variant: 'destructive' })
	}, [refusal, toast])
}

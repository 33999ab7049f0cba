import {
	getFormProps,
	getInputProps,
	getSelectProps,
	getTextareaProps,
	useForm,
	type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from '@remix-run/react'
import { Field, FormAlert } from '#app/components/forms.tsx'
import { SelectField, TextareaField } from '#app/components/select-field.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { useIsPending } from '#app/utils/misc.ts'
import {
	FILL_REQUIRED_FIELDS,
	ISSUE_TYPE_LABELS,
	ISSUE_TYPES,
	MISSING_INFORMATION,
	ReportIssueSchema,
} from '#core/tickets/ticket.schema.ts'

const issueTypeOptions = [
	{ value: '', label: 'Select an issue type' },
	...ISSUE_TYPES.map((t) => ({ value: t, label: ISSUE_TYPE_LABELS[t] })),
]

export function ReportIssueForm({
	projects,
	projectId,
	accountEmail,
	lastResult,
}: {
	projects: ReadonlyArray<{ id: string; propertyAddress: string }>
	projectId: string | null
	accountEmail: string
	lastResult: SubmissionResult | undefined
}) {
	const isPending = useIsPending()
	const { toast } = useToast()
	const [form, fields] = useForm({
		id: 'report-issue',
		lastResult,
		defaultValue: { projectId: projectId ?? '' },
		constraint: getZodConstraint(ReportIssueSchema),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onBlur',
		onValidate({ formData, submitter }) {
			const result = parseWithZod(formData, { schema: ReportIssueSchema })
			if (submitter && result.status === 'error')
				toast({ title: MISSING_INFORMATION, description: FILL_REQUIRED_FIELDS, variant: 'destructive' })
			return result
		},
	})

	return (
		<Form method="post" className="flex flex-col gap-1" {...getFormProps(form)}>
			<FormAlert id={form.errorId} errors={form.errors} />
			<SelectField
				labelProps={{ children: 'Project' }}
				selectProps={getSelectProps(fields.projectId)}
				options={[
					{ value: '', label: 'No specific project' },
					...projects.map((p) => ({ value: p.id, label: p.propertyAddress })),
				]}
				errors={fields.projectId.errors}
			/>
			<SelectField
				labelProps={{ children: 'Issue type *' }}
				selectProps={getSelectProps(fields.issueType)}
				options={issueTypeOptions}
				errors={fields.issueType.errors}
			/>
			<TextareaField
				labelProps={{ children: 'Description *' }}
				textareaProps={{
					...getTextareaProps(fields.description),
					placeholder: 'What happened? What did you expect to happen?',
				}}
				errors={fields.description.errors}
			/>
			<Field
				labelProps={{ children: 'Contact email (optional)' }}
				inputProps={{
					...getInputProps(fields.contactEmail, { type: 'email' }),
					autoComplete: 'email',
					placeholder: accountEmail,
				}}
				errors={fields.contactEmail.errors}
			/>
			<p className="-mt-4 mb-4 text-sm text-muted-foreground">Leave blank and we'll reply to {accountEmail}.</p>
			<div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
				<Link to="/dashboard" className={buttonClasses({ variant: 'outline' })}>
					Cancel
				</Link>
				<Button type="submit" disabled={isPending}>
					{isPending ? 'Submitting...' : 'Submit'}
				</Button>
			</div>
		</Form>
	)
}

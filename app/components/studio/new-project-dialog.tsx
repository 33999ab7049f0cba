import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import * as Dialog from '@radix-ui/react-dialog'
import { Form, Link } from '@remix-run/react'
import { X } from 'lucide-react'
import type { MouseEvent } from 'react'
import { Field, FormAlert } from '#app/components/forms.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { useIsPending } from '#app/utils/misc.ts'
import { CreateProjectSchema } from '#core/studio/studio.schema.ts'

/**
 * The 'New Property' form in a dialog. Not portalled: the server renders it in place when the
 * URL asks for it (?new), so the form also works before (or without) JavaScript.
 */
export function NewProjectDialog({
	open,
	onOpenChange,
	closeHref,
	lastResult,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	/** where Cancel goes without JavaScript */
	closeHref: string
	lastResult: SubmissionResult | undefined
}) {
	const isPending = useIsPending()
	const [form, fields] = useForm({
		id: 'new-property',
		lastResult,
		constraint: getZodConstraint(CreateProjectSchema),
		shouldRevalidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateProjectSchema }),
	})

	// Links rather than Dialog.Close: without JavaScript they leave ?new; with it they just close.
	const closeLinkProps = {
		to: closeHref,
		replace: true,
		preventScrollReset: true,
		onClick: (event: MouseEvent) => {
			event.preventDefault()
			onOpenChange(false)
		},
	}

	return (
		<Dialog.Root open={open} onOpenChange={onOpenChange}>
			<Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
			<Dialog.Content
				onOpenAutoFocus={(event) => {
					// The address, not the close button: it is what the agent came to type.
					event.preventDefault()
					document.getElementById(fields.propertyAddress.id)?.focus()
				}}
				className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] flex-col gap-4 overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
			>
				<div className="flex items-start justify-between gap-4">
					<div className="flex flex-col gap-1">
						<Dialog.Title className="text-lg font-bold text-gray-900">New Property</Dialog.Title>
						<Dialog.Description className="text-sm text-muted-foreground">
							Start a project for a property, then upload its room photos.
						</Dialog.Description>
					</div>
					<Link
						{...closeLinkProps}
						aria-label="Close"
						className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-muted"
					>
						<X aria-hidden className="size-5" />
					</Link>
				</div>
				<Form method="post" className="flex flex-col gap-1" {...getFormProps(form)}>
					<FormAlert id={form.errorId} errors={form.errors} />
					<Field
						labelProps={{ children: 'Property address' }}
						inputProps={{
							...getInputProps(fields.propertyAddress, { type: 'text' }),
							autoComplete: 'street-address',
							placeholder: '12 Oak Street, Bristol BS1 4DJ',
						}}
						errors={fields.propertyAddress.errors}
					/>
					<Field
						labelProps={{ children: 'Client name (optional)' }}
						inputProps={{ ...getInputProps(fields.clientName, { type: 'text' }), autoComplete: 'off' }}
						errors={fields.clientName.errors}
					/>
					<Field
						labelProps={{ children: 'Client email (optional)' }}
						inputProps={{
							...getInputProps(fields.clientEmail, { type: 'email' }),
							autoComplete: 'off',
							inputMode: 'email',
						}}
						errors={fields.clientEmail.errors}
					/>
					<div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
						<Link {...closeLinkProps} className={buttonClasses({ variant: 'outline' })}>
							Cancel
						</Link>
						<Button type="submit" disabled={isPending}>
							{isPending ? 'Creating...' : 'Create Property'}
						</Button>
					</div>
				</Form>
			</Dialog.Content>
		</Dialog.Root>
	)
}

import * as Dialog from '@radix-ui/react-dialog'
import { Send } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Field, FormAlert } from '#app/components/forms.tsx'
import { TextareaField } from '#app/components/select-field.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogCloseButton } from '#app/components/ui/dialog-close-button.tsx'
import { draftPersonalMessage, SendBrochureSchema } from '#core/brochures/brochure.schema.ts'
import { styleLabel } from '#core/studio/labels.ts'
import type { AgentBrochure } from '#core/brochures/agent-brochures.ts'

type Brochure = Pick<AgentBrochure, 'id' | 'buyerName' | 'buyerEmail' | 'stylePreference'> & {
	property: Pick<AgentBrochure['property'], 'address' | 'clientName' | 'clientEmail'>
}

function prefilled(brochure: Brochure) {
	const buyerName = brochure.buyerName ?? brochure.property.clientName ?? ''
	return {
		buyerName,
		buyerEmail: brochure.buyerEmail ?? brochure.property.clientEmail ?? '',
		personalMessage: draftPersonalMessage({
			buyerName,
			address: brochure.property.address,
			styleLabel: styleLabel(brochure.stylePreference ?? 'standard'),
		}),
	}
}

/**
 * 'Send to Buyer': opens with the buyer's name and e-mail as far as they are known and a drafted
 * message; Send stays disabled until both name and e-mail are filled in.
 */
export function SendToBuyerDialog({
	brochure,
	open,
	onOpenChange,
	onSent,
}: {
	brochure: Brochure
	open: boolean
	onOpenChange: (open: boolean) => void
	onSent: () => void
}) {
	const { toast } = useToast()
	const formId = useId()
	const [values, setValues] = useState(() => prefilled(brochure))
	const [errors, setErrors] = useState<Record<string, string[] | undefined>>({})
	const [sending, setSending] = useState(false)
	useEffect(() => {
		if (open) {
			setValues(prefilled(brochure))
			setErrors({})
		}
	}, [open, brochure])

	const ready = values.buyerName.trim() !== '' && values.buyerEmail.trim() !== ''
	const set = (name: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
		const value = event.currentTarget.value
		setValues((v) => ({ ...v, [name]: value }))
	}

	async function send(event: React.FormEvent) {
		event.preventDefault()
		const parsed = SendBrochureSchema.safeParse(values)
		if (!parsed.success) return setErrors(parsed.error.flatten().fieldErrors)
		setSending(true)
		try {
			const response = await fetch(`/api/brochures/${brochure.id}/send-email`, {
				method: 'POST',
				credentials: 'include',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(values),
			})
			const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> }
			if (!response.ok) {
				setErrors(body.errors ?? {})
				throw new Error(body.message)
			}
			toast({
				title: 'Brochure Sent',
				description: body.message ?? `Your brochure is on its way to ${values.buyerName}.`,
				variant: 'success',
			})
			onOpenChange(false)
			onSent()
		} catch {
			toast({
				title: 'Failed to Send Brochure',
				description: 'There was an error sending the brochure.',
				variant: 'destructive',
			})
		} finally {
			setSending(false)
		}
	}

	return (
		<Dialog.Root open={open} onOpenChange={onOpenChange}>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
				<Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] flex-col gap-4 overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6">
					<div className="flex items-start justify-between gap-4">
						<div className="flex flex-col gap-1">
							<Dialog.Title className="text-lg font-bold text-gray-900">Send to Buyer</Dialog.Title>
							<Dialog.Description className="text-sm text-muted-foreground">
								{brochure.property.address}: a branded e-mail with a private link to the brochure.
							</Dialog.Description>
						</div>
						<DialogCloseButton />
					</div>
					<form id={formId} onSubmit={send} noValidate className="flex flex-col gap-1">
						<Field
							labelProps={{ children: 'Buyer name' }}
							inputProps={{
								name: 'buyerName',
								value: values.buyerName,
								onChange: set('buyerName'),
								autoComplete: 'off',
								required: true,
							}}
							errors={errors.buyerName}
						/>
						<Field
							labelProps={{ children: 'Buyer email' }}
							inputProps={{
								name: 'buyerEmail',
								type: 'email',
								inputMode: 'email',
								value: values.buyerEmail,
								onChange: set('buyerEmail'),
								autoComplete: 'off',
								required: true,
							}}
							errors={errors.buyerEmail}
						/>
						<TextareaField
							labelProps={{ children: 'Personal message' }}
							textareaProps={{
								name: 'personalMessage',
								value: values.personalMessage,
								onChange: set('personalMessage'),
								rows: 6,
							}}
							errors={errors.personalMessage}
						/>
						<FormAlert errors={errors[''] ?? undefined} />
						<div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
							<Dialog.Close asChild>
								<Button variant="outline">Cancel</Button>
							</Dialog.Close>
							<Button type="submit" disabled={!ready || sending}>
								<Send aria-hidden className="size-4" />
								{sending ? 'Sending...' : 'Send Brochure'}
							</Button>
						</div>
					</form>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import * as Dialog from '@radix-ui/react-dialog'
import { Link, useFetcher } from '@remix-run/react'
import { Send } from 'lucide-react'
import { useEffect } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Field, FormAlert } from '#app/components/forms.tsx'
import { TextareaField } from '#app/components/select-field.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { closeLinkProps, DialogCloseLink } from '#app/components/ui/dialog-close-link.tsx'
import type { AgentBrochure } from '#core/brochures/agent-brochures.ts'
import { draftPersonalMessage, SendBrochureSchema } from '#core/brochures/brochure.schema.ts'
import { styleLabel } from '#core/studio/labels.ts'

/** What the dashboard's ?intent=send answers when it refuses a send (a success redirects). */
export type SendReply = { brochureId: string; result: SubmissionResult<string[]> }

type Brochure = Pick<AgentBrochure, 'id' | 'buyerName' | 'buyerEmail' | 'stylePreference' | 'roomChecks'> & {
	property: Pick<AgentBrochure['property'], 'address' | 'clientName' | 'clientEmail'>
}

/** Before it goes to a buyer: staged rooms the room check flagged (listings may add furniture, not change the property). */
function RoomCheckWarning({ checks }: { checks: string[] }) {
	if (!checks.length) return null
	return (
		<div role="status" className="mb-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
			<p className="font-medium">Look at this brochure before you send it:</p>
			<ul className="list-disc pl-5">
				{checks.map((note, i) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: two rooms may say the same; the order is fixed
					<li key={i}>{note}</li>
				))}
			</ul>
		</div>
	)
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

/** The spec's failure toast, once for each refusal the server sends back to the dialog. */
function useSendFailureToast(result: SubmissionResult<string[]> | undefined) {
	const { toast } = useToast()
	useEffect(() => {
		if (result?.status === 'error')
			toast({
				title: 'Failed to Send Brochure',
				description: 'There was an error sending the brochure.',
				variant: 'destructive',
			})
	}, [result, toast])
}

/**
 * 'Send to Buyer': opens with the buyer's name and e-mail as far as they are known and a drafted
 * message; once the page is interactive, Send stays disabled until both name and e-mail are filled
 * in. It posts ?intent=send through a fetcher (a success redirects back with the 'Brochure Sent'
 * toast); without JavaScript it is a plain form, rendered in place (not portalled) from ?send=<id>.
 */
export function SendToBuyerDialog({
	brochure,
	onClose,
	closeHref,
	refused,
}: {
	brochure: Brochure
	onClose: () => void
	/** where Cancel goes without JavaScript */
	closeHref: string
	/** the server's answer to a post made without JavaScript */
	refused: SubmissionResult<string[]> | undefined
}) {
	const fetcher = useFetcher<SendReply>()
	const lastResult = fetcher.data?.result ?? refused
	const hydrated = useHydrated()
	const [form, fields] = useForm({
		id: `send-brochure-${brochure.id}`,
		lastResult,
		defaultValue: prefilled(brochure),
		constraint: getZodConstraint(SendBrochureSchema),
		shouldRevalidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SendBrochureSchema }),
	})
	useSendFailureToast(fetcher.data?.result)
	const sending = fetcher.state !== 'idle'
	const ready = !hydrated || (!!fields.buyerName.value?.trim() && !!fields.buyerEmail.value?.trim())

	return (
		<Dialog.Root open onOpenChange={(open) => !open && onClose()}>
			<Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
			<Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] flex-col gap-4 overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6">
				<div className="flex items-start justify-between gap-4">
					<div className="flex flex-col gap-1">
						<Dialog.Title className="text-lg font-bold text-gray-900">Send to Buyer</Dialog.Title>
						<Dialog.Description className="text-sm text-muted-foreground">
							{brochure.property.address}: a branded e-mail with a private link to the brochure.
						</Dialog.Description>
					</div>
					<DialogCloseLink href={closeHref} onClose={onClose} />
				</div>
				<fetcher.Form
					method="post"
					action="?intent=send"
					preventScrollReset
					className="flex flex-col gap-1"
					{...getFormProps(form)}
				>
					<input type="hidden" name="brochureId" value={brochure.id} />
					<FormAlert id={form.errorId} errors={form.errors} />
					<RoomCheckWarning checks={brochure.roomChecks} />
					<Field
						labelProps={{ children: 'Buyer name' }}
						inputProps={{ ...getInputProps(fields.buyerName, { type: 'text' }), autoComplete: 'off' }}
						errors={fields.buyerName.errors}
					/>
					<Field
						labelProps={{ children: 'Buyer email' }}
						inputProps={{
							...getInputProps(fields.buyerEmail, { type: 'email' }),
							inputMode: 'email',
							autoComplete: 'off',
						}}
						errors={fields.buyerEmail.errors}
					/>
					<TextareaField
						labelProps={{ children: 'Personal message' }}
						textareaProps={{ ...getTextareaProps(fields.personalMessage), rows: 6 }}
						errors={fields.personalMessage.errors}
					/>
					<div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
						<Link {...closeLinkProps(closeHref, onClose)} className={buttonClasses({ variant: 'outline' })}>
							Cancel
						</Link>
						<Button type="submit" disabled={!ready || sending}>
							<Send aria-hidden className="size-4" />
							{sending ? 'Sending...' : 'Send Brochure'}
						</Button>
					</div>
				</fetcher.Form>
			</Dialog.Content>
		</Dialog.Root>
	)
}

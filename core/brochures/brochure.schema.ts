import { z } from 'zod'
import { optionalText } from '#core/shared-fields.schema.ts'

/** Sending a brochure to a buyer (spec 02 §3, §5). Browser-safe: the Send to Buyer dialog imports it. */
export const SendBrochureSchema = z.object({
	buyerName: z
		.string({ required_error: 'Buyer name is required' })
		.trim()
		.min(1, 'Buyer name is required')
		.max(120, 'Buyer name must be at most 120 characters'),
	buyerEmail: z
		.string({ required_error: 'Buyer email is required' })
		.trim()
		.toLowerCase()
		.min(1, 'Buyer email is required')
		.email('Valid email address is required'),
	personalMessage: optionalText(2000, 'The message must be at most 2000 characters'),
})
export type SendBrochureInput = z.input<typeof SendBrochureSchema>

/** The message the dialog opens with; the agent edits it before sending. */
export function draftPersonalMessage({
	buyerName,
	address,
	styleLabel,
}: {
	buyerName: string
	address: string
	styleLabel: string
}) {
	const greeting = buyerName ? `Hi ${buyerName.split(' ')[0]},` : 'Hi,'
	return `${greeting}\n\nThank you for viewing ${address}. As promised, here is a brochure showing the rooms you liked, staged in the ${styleLabel} style you told us about.\n\nIf you would like another look round or have any questions, just reply to this e-mail.`
}

import { z } from 'zod'

/**
 * What the agent chooses on the final review. Browser-safe (zod only). An `amount` or
 * `favoriteCount` sent along (spec 02 §7) is dropped: the server decides what is charged.
 */
export const CheckoutChoiceSchema = z.object({
	watermarkingEnabled: z.boolean().default(false),
	/** The favourites to keep; every favourite when left out. */
	variationIds: z.array(z.string().uuid('Unknown image')).min(1, 'Select at least one image').max(1000).optional(),
})
export type CheckoutChoice = z.output<typeof CheckoutChoiceSchema>

export const CreatePaymentIntentSchema = CheckoutChoiceSchema.extend({
	projectId: z.string({ required_error: 'Unknown project' }).uuid('Unknown project'),
})

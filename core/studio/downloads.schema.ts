import { z } from 'zod'

const assetIds = z
	.array(z.string().uuid('Unknown image'), { invalid_type_error: 'Choose the images to send' })
	.min(1, 'Select at least one image')
	.max(200, 'At most 200 images at a time')

/** POST /api/property-studio/email-final-images (spec 02 §7). */
export const EmailFinalImagesSchema = z.object({
	projectId: z.string({ required_error: 'Unknown project' }).uuid('Unknown project'),
	variationIds: assetIds,
	recipientEmail: z
		.string({ required_error: 'Please enter a valid email address' })
		.trim()
		.toLowerCase()
		.email('Please enter a valid email address'),
})

/** The bulk download's token: a JSON list of asset ids (spec 02 §7). */
export const BulkTokenSchema = assetIds

import { z } from 'zod'
import { chosenImageErrors, TRIAL_MESSAGES, TRIAL_ROOM_TYPES, TRIAL_STYLES } from './trial.options.ts'

/** The free trial's rules (spec 01 §3, §5). Browser-safe: the landing form loads it when first used. */
export {
	chosenImageError,
	MAX_TRIAL_IMAGE_BYTES,
	TRIAL_MESSAGES,
	TRIAL_ROOM_LABELS,
	TRIAL_ROOM_TYPES,
	TRIAL_STYLE_LABELS,
	TRIAL_STYLES,
	type TrialRoomType,
	trialSuccessMessage,
} from './trial.options.ts'

/** Text, an at sign, text, a dot, text: the spec's shape, deliberately no stricter. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The text fields, in the spec's order: zod reports issues in key order, so the first message of a
 * failed parse is the first rule broken.
 */
export const TrialFieldsSchema = z.object({
	name: z
		.string({ required_error: TRIAL_MESSAGES.name })
		.trim()
		.min(1, TRIAL_MESSAGES.name)
		.max(200, 'Name must be at most 200 characters'),
	email: z
		.string({ required_error: TRIAL_MESSAGES.email })
		.trim()
		.max(254, TRIAL_MESSAGES.email)
		.regex(EMAIL_SHAPE, TRIAL_MESSAGES.email),
	roomType: z.enum(TRIAL_ROOM_TYPES, { errorMap: () => ({ message: TRIAL_MESSAGES.roomType }) }),
	style: z.enum(TRIAL_STYLES, { errorMap: () => ({ message: TRIAL_MESSAGES.style }) }),
	requiresDeclutter: z
		.enum(['true', 'false'])
		.optional()
		.transform((v) => v === 'true'),
})
export type TrialFields = z.output<typeof TrialFieldsSchema>

/** The browser's checks of the chosen file, after the text fields (trial.options.ts). */
const ChosenImage = z
	.custom<File>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0, TRIAL_MESSAGES.imageMissing)
	.superRefine((file, ctx) => {
		for (const message of chosenImageErrors(file)) ctx.addIssue({ code: 'custom', message })
	})

export const TrialFormSchema = TrialFieldsSchema.extend({ image: ChosenImage })

import type { useForm } from '@conform-to/react'

/**
 * The free-trial form's HTML constraints (required, lengths, patterns): what conform's
 * getZodConstraint(TrialFormSchema) gives, written out so the page renders them without loading
 * zod. trial-constraint.test.ts keeps the two equal.
 */
export const TRIAL_FORM_CONSTRAINT = {
	name: { required: true, minLength: 1, maxLength: 200 },
	email: { required: true, maxLength: 254, pattern: '^(?=.*(?:^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$)).*$' },
	roomType: {
		required: true,
		pattern: 'bedroom|living_room|kitchen|bathroom|home_office|dining_room|kids_room|outdoor',
	},
	style: { required: true, pattern: 'modern|luxury|scandinavian|industrial|midcentury|farmhouse|coastal|standard' },
	requiresDeclutter: { required: false, pattern: 'true|false' },
	image: { required: true },
} satisfies NonNullable<Parameters<typeof useForm>[0]['constraint']>

import { getZodConstraint } from '@conform-to/zod'
import { expect, test } from 'vitest'
import { TrialFormSchema } from '#core/leads/trial.schema.ts'
import { TRIAL_FORM_CONSTRAINT } from './trial-constraint.ts'

test("the free-trial form's written-out constraints are the schema's", () => {
	expect(TRIAL_FORM_CONSTRAINT).toEqual(getZodConstraint(TrialFormSchema))
})

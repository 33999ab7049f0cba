import { parseWithZod } from '@conform-to/zod'
import { TrialFormSchema } from '#core/leads/trial.schema.ts'

/** The free-trial form's check in the browser, loaded on first use (trial-form.tsx). */
export const validateTrialForm = (formData: FormData) => parseWithZod(formData, { schema: TrialFormSchema })

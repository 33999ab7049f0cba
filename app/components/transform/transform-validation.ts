import { parseWithZod } from '@conform-to/zod'
import { TransformFormSchema } from '#core/transformations/transformation.schema.ts'

/** The quick transform form's check in the browser, loaded on first use (transform-form.tsx). */
export const validateTransformForm = (formData: FormData) => parseWithZod(formData, { schema: TransformFormSchema })

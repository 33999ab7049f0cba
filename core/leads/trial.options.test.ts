import { expect, test } from 'vitest'
import { chosenImageError, chosenImageErrors, MAX_TRIAL_IMAGE_BYTES, TRIAL_MESSAGES } from './trial.options.ts'
import { TrialFormSchema } from './trial.schema.ts'

const file = (bytes: number, type: string) => new File([new Uint8Array(bytes)], 'room', { type })

test("a chosen file's rules, in order, are the same for the image picker and the form's schema", () => {
	const cases = [
		[file(10, 'image/png'), []],
		[file(0, 'image/png'), [TRIAL_MESSAGES.imageMissing]],
		[file(10, 'text/plain'), [TRIAL_MESSAGES.imageType]],
		[file(MAX_TRIAL_IMAGE_BYTES + 1, 'text/plain'), [TRIAL_MESSAGES.imageType, TRIAL_MESSAGES.imageSize]],
		[file(MAX_TRIAL_IMAGE_BYTES, 'image/jpeg'), []],
	] as const
	for (const [image, expected] of cases) {
		expect(chosenImageErrors(image)).toEqual(expected)
		expect(chosenImageError(image)).toBe(expected[0] ?? null)
		const parsed = TrialFormSchema.shape.image.safeParse(image)
		expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual(expected)
	}
})

import type { SubmissionResult } from '@conform-to/react'
import { useActionData, useFormAction, useSubmit } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import { useIsPending } from '#app/utils/misc.ts'

/** What a preference page's action answers when it refuses the form (see client-preference.server.ts). */
export type PreferenceRefusal = { result: SubmissionResult<string[]>; toast: { title: string; description: string } }

const photoErrorOf = (answer: PreferenceRefusal | undefined, field: string) =>
	answer?.result.error?.[field]?.[0] ?? null

/**
 * Posts a preference form's body (fields and the photos picked, multipart) to the page's action
 * at `action`, and follows the answer: a refusal's toast once, its photo message under the
 * picker until the photos change. Without JavaScript the form posts itself to the same action.
 */
export function usePreferenceSubmit(action: string, photoField: string) {
	const refusal = useActionData<PreferenceRefusal>()
	const submit = useSubmit()
	const submitting = useIsPending({ formAction: useFormAction(action) })
	const { toast } = useToast()
	const [photoError, setPhotoError] = useState<string | null>(() => photoErrorOf(refusal, photoField))

	useEffect(() => {
		if (!refusal) return
		setPhotoError(photoErrorOf(refusal, photoField))
		toast({ ...refusal.toast, variant: 'destructive' })
	}, [refusal, photoField, toast])

	const send = (body: FormData) => submit(body, { method: 'post', encType: 'multipart/form-data', action })
	return { refusal, send, submitting, photoError, setPhotoError }
}

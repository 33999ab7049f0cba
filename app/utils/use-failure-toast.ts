import { useEffect } from 'react'
import type { SubmissionResult } from '@conform-to/react'
import { useToast } from '#app/components/toaster.tsx'

/** Shows the spec's failure toast once for each server-side rejection of a form. */
export function useFailureToast(result: SubmissionResult | undefined, description: string) {
	const { toast } = useToast()
	useEffect(() => {
		if (result?.status === 'error' && result.error && Object.keys(result.error).length)
			toast({ title: 'Error', description, variant: 'destructive' })
	}, [result, description, toast])
}

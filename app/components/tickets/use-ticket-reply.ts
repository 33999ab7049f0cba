import { useActionData, type FetcherWithComponents } from '@remix-run/react'
import { useEffect } from 'react'
import { useToast } from '#app/components/toaster.tsx'
import type { TicketIntent, TicketReply } from './ticket-forms.ts'

/**
 * The refusal meant for this form: a fetcher's answer with JavaScript, the page's action data
 * without (a plain POST renders the whole page, so each form picks out its own reply).
 */
export function useTicketReply(fetcher: FetcherWithComponents<unknown>, intent: TicketIntent, ticketId: string) {
	const actionData = useActionData<TicketReply>()
	const reply = (fetcher.data as TicketReply | undefined) ?? actionData
	return reply?.intent === intent && reply.ticketId === ticketId ? reply : undefined
}

/** The spec's failure toast (spec 02 §8), once per refusal; without JavaScript the page shows the errors instead. */
export function useRefusalToast(reply: TicketReply | undefined, title: string, description: string) {
	const { toast } = useToast()
	useEffect(() => {
		if (reply?.result.status === 'error') toast({ title, description, variant: 'destructive' })
	}, [reply, title, description, toast])
}

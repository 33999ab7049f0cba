import { data } from '@remix-run/node'

/**
 * A page with several mutations posts each to its own action as `?intent=<name>` (a plain form's
 * action URL, so it works without JavaScript and before the body is read: an upload streams its
 * own multipart body). Each area registers its intents in a module of its own.
 */
export type IntentHandlers<Context> = Record<string, (context: Context) => Promise<Response | ReturnType<typeof data>>>

export function dispatchIntent<Context>(request: Request, handlers: IntentHandlers<Context>, context: Context) {
	const intent = new URL(request.url).searchParams.get('intent') ?? ''
	const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined
	if (!handler) throw data('This form is out of date. Please reload the page.', { status: 400 })
	return handler(context)
}

import { Link, useFetcher, useRevalidator, useSearchParams } from '@remix-run/react'
import { Loader2, MessageCircle } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { closeLinkProps } from '#app/components/ui/dialog-close-link.tsx'
import { cn } from '#app/utils/cn.ts'
import { useOpenFromAddress } from '#app/utils/use-open-from-address.ts'

type LinkStatus = { enabled: boolean; link: { telegramUsername: string | null; linkedAt: string } | null }
type LinkCode = { code: string; expiresAt: string; botUsername: string; url: string }

/** What a page's ?intent=telegram-connect answers: a code to use in Telegram, or why not. */
export type TelegramConnectReply = { code: LinkCode | null; error: string | null }

/** While a code is on screen, how often to look whether the agent has used it. */
const CHECK_EVERY_MS = 3000
/** Asks for the confirmation step from the address, so it works without JavaScript too. */
const CONFIRM_PARAM = 'disconnect-telegram'

function Card({ children }: { children: ReactNode }) {
	return (
		<section
			aria-labelledby="telegram-heading"
			className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
		>
			<div className="flex items-center gap-3">
				<span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-muted text-brand">
					<MessageCircle aria-hidden className="size-5" />
				</span>
				<h2 id="telegram-heading" className="text-lg font-semibold text-gray-900">
					Telegram
				</h2>
			</div>
			{children}
		</section>
	)
}

function CodePanel({ code }: { code: LinkCode }) {
	const minutes = Math.max(1, Math.round((new Date(code.expiresAt).getTime() - Date.now()) / 60_000))
	return (
		<div className="flex flex-col gap-3 rounded-lg bg-muted p-4">
			<a href={code.url} target="_blank" rel="noreferrer" className={cn(buttonClasses(), 'self-start')}>
				Open Telegram
			</a>
			<p className="text-sm text-gray-700">
				Or send <code className="rounded bg-white px-1.5 py-0.5 font-mono break-all">/start {code.code}</code> to{' '}
				<span className="font-medium">@{code.botUsername}</span>.
			</p>
			<p className="text-sm text-muted-foreground" role="status">
				The code works once and expires in {minutes} minutes. Waiting for Telegram…
			</p>
		</div>
	)
}

/** The code on screen until it expires; meanwhile the page looks now and then whether it was used. */
function useLiveCode(code: LinkCode | null, linked: boolean) {
	const { revalidate } = useRevalidator()
	const [expired, setExpired] = useState<string | null>(null)
	const live = code && !linked && code.code !== expired ? code : null
	useEffect(() => {
		if (!live) return
		const timer = setInterval(revalidate, CHECK_EVERY_MS)
		const expiry = setTimeout(() => setExpired(live.code), new Date(live.expiresAt).getTime() - Date.now())
		return () => {
			clearInterval(timer)
			clearTimeout(expiry)
		}
	}, [live, revalidate])
	return live
}

/** 'Disconnect Telegram' asks first: in place with JavaScript, from ?disconnect-telegram without. */
function DisconnectTelegram({ page }: { page: string }) {
	const [searchParams] = useSearchParams()
	const confirm = useOpenFromAddress(searchParams.has(CONFIRM_PARAM) ? CONFIRM_PARAM : null)
	const disconnect = useFetcher()
	const busy = disconnect.state !== 'idle'

	if (!confirm.value)
		return (
			<Link
				to={`?${CONFIRM_PARAM}`}
				preventScrollReset
				onClick={confirm.open(CONFIRM_PARAM)}
				className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), 'self-start')}
			>
				Disconnect Telegram
			</Link>
		)
	return (
		<disconnect.Form
			method="post"
			action={`${page}?intent=telegram-disconnect`}
			preventScrollReset
			className="flex flex-wrap items-center gap-2"
		>
			<span className="text-sm font-medium text-gray-900">Disconnect this Telegram account?</span>
			<Button type="submit" variant="destructive" size="sm" disabled={busy}>
				{busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
				Disconnect
			</Button>
			<Link
				{...closeLinkProps(confirm.closeHref, confirm.close)}
				className={buttonClasses({ variant: 'ghost', size: 'sm' })}
			>
				Cancel
			</Link>
		</disconnect.Form>
	)
}

/**
 * 'Connect Telegram' on the dashboard and the account page: a one-time code and link, the linked
 * account, and a way to remove it. Both are the actions of the page it sits on (`page`:
 * ?intent=telegram-connect, ?intent=telegram-disconnect) posted through fetchers; without
 * JavaScript the page itself answers (`posted`).
 */
export function ConnectTelegram({
	status,
	posted,
	page,
}: {
	status: LinkStatus
	posted?: TelegramConnectReply
	page: string
}) {
	const connect = useFetcher<TelegramConnectReply>()
	const busy = connect.state !== 'idle'
	const reply = busy ? undefined : (connect.data ?? posted)
	const linked = status.link
	const code = useLiveCode(reply?.code ?? null, !!linked)

	// The bot is off on this server and nothing is linked: nothing to offer.
	if (!status.enabled && !linked) return null

	return (
		<Card>
			{linked ? (
				<>
					<p className="text-sm text-gray-700">
						Connected to Telegram{linked.telegramUsername ? ` as @${linked.telegramUsername}` : ''}. Send room photos to
						the bot between viewings and they arrive here, staged.
					</p>
					<DisconnectTelegram page={page} />
				</>
			) : (
				<>
					<p className="text-sm text-gray-700">
						Stage rooms from your phone: connect Telegram, send photos to the Rendo bot, choose the property and styles
						there.
					</p>
					{code ? (
						<CodePanel code={code} />
					) : (
						<connect.Form method="post" action={`${page}?intent=telegram-connect`} preventScrollReset>
							<Button type="submit" disabled={busy}>
								{busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
								Connect Telegram
							</Button>
						</connect.Form>
					)}
				</>
			)}
			{reply?.error && (
				<p role="alert" className="text-sm text-destructive">
					{reply.error}
				</p>
			)}
		</Card>
	)
}

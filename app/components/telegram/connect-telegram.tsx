import { Loader2, MessageCircle, RefreshCw } from 'lucide-react'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { request } from '#app/components/studio/studio-api.ts'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'

type LinkStatus = { enabled: boolean; link: { telegramUsername: string | null; linkedAt: string } | null }
type LinkCode = { code: string; expiresAt: string; botUsername: string; url: string }

const ENDPOINT = '/api/telegram/link'
const LOAD_FAILED = 'Could not load your Telegram connection.'
/** While a code is on screen, how often to look whether the agent has used it. */
const CHECK_EVERY_MS = 3000

function useLinkStatus() {
	const [status, setStatus] = useState<LinkStatus | null>(null)
	const [failed, setFailed] = useState(false)
	const load = useCallback(async () => {
		try {
			setStatus(await request<LinkStatus>(ENDPOINT, undefined, LOAD_FAILED))
			setFailed(false)
		} catch {
			setFailed(true)
		}
	}, [])
	useEffect(() => {
		void load()
	}, [load])
	return { status, failed, reload: load }
}

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

/** 'Connect Telegram' on the dashboard: a one-time code and link, the linked account, and a way to remove it. */
export function ConnectTelegram() {
	const { status, failed, reload } = useLinkStatus()
	const [code, setCode] = useState<LinkCode | null>(null)
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const [confirming, setConfirming] = useState(false)
	const linked = status?.link ?? null

	// The link is made in Telegram: while a code is shown, look for it now and then.
	useEffect(() => {
		if (!code || linked) return
		const timer = setInterval(() => void reload(), CHECK_EVERY_MS)
		const expiry = setTimeout(() => setCode(null), new Date(code.expiresAt).getTime() - Date.now())
		return () => {
			clearInterval(timer)
			clearTimeout(expiry)
		}
	}, [code, linked, reload])
	useEffect(() => {
		if (linked) setCode(null)
	}, [linked])

	async function act(run: () => Promise<void>) {
		setBusy(true)
		setError(null)
		try {
			await run()
		} catch (e) {
			setError(e instanceof Error ? e.message : 'Something went wrong')
		} finally {
			setBusy(false)
		}
	}

	const connect = () =>
		act(async () =>
			setCode(await request<LinkCode>(ENDPOINT, { method: 'POST' }, 'Could not create a code. Please try again.')),
		)
	const disconnect = () =>
		act(async () => {
			await request(ENDPOINT, { method: 'DELETE' }, 'Could not disconnect Telegram. Please try again.')
			setConfirming(false)
			await reload()
		})

	if (failed && !status)
		return (
			<Card>
				<p role="alert" className="text-sm text-destructive">
					{LOAD_FAILED}
				</p>
				<Button variant="outline" size="sm" className="self-start" onClick={() => void reload()}>
					<RefreshCw aria-hidden className="size-4" />
					Retry
				</Button>
			</Card>
		)
	if (!status)
		return (
			<Card>
				<p className="flex items-center gap-2 text-sm text-muted-foreground" aria-busy="true">
					<Loader2 aria-hidden className="size-4 animate-spin" />
					Checking your Telegram connection…
				</p>
			</Card>
		)
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
					{confirming ? (
						<div className="flex flex-wrap items-center gap-2">
							<span className="text-sm font-medium text-gray-900">Disconnect this Telegram account?</span>
							<Button variant="destructive" size="sm" disabled={busy} onClick={() => void disconnect()}>
								{busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
								Disconnect
							</Button>
							<Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
								Cancel
							</Button>
						</div>
					) : (
						<Button variant="outline" size="sm" className="self-start" onClick={() => setConfirming(true)}>
							Disconnect Telegram
						</Button>
					)}
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
						<Button className="self-start" disabled={busy} onClick={() => void connect()}>
							{busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
							Connect Telegram
						</Button>
					)}
				</>
			)}
			{error && (
				<p role="alert" className="text-sm text-destructive">
					{error}
				</p>
			)}
		</Card>
	)
}

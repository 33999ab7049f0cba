import { Link, useFetcher } from '@remix-run/react'
import { CircleAlert, Eye, Globe, Loader2, MailCheck, MousePointerClick, RefreshCw, Send } from 'lucide-react'
import type { MouseEvent } from 'react'
import { formatShortDate } from '#app/components/studio/labels.ts'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import type { AgentBrochure } from '#core/brochures/agent-brochures.ts'
import { pluralise, styleLabel } from '#core/studio/labels.ts'

const STATUS: Record<AgentBrochure['status'], { label: string; className: string }> = {
	ready: { label: 'Ready', className: 'bg-green-100 text-green-800' },
	processing: { label: 'Preparing...', className: 'bg-amber-100 text-amber-900' },
	failed: { label: 'Failed', className: 'bg-red-100 text-destructive' },
}

function Engagement({ email }: { email: NonNullable<AgentBrochure['lastEmail']> }) {
	return (
		<p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
			<span className="inline-flex items-center gap-1">
				<Send aria-hidden className="size-3.5" />
				{email.sentAt ? `Sent to ${email.recipientEmail}` : `Sending to ${email.recipientEmail}`}
			</span>
			{email.openedAt ? (
				<span className="inline-flex items-center gap-1 text-green-800">
					<MailCheck aria-hidden className="size-3.5" />
					Opened
				</span>
			) : null}
			{email.clickedAt ? (
				<span className="inline-flex items-center gap-1 text-green-800">
					<MousePointerClick aria-hidden className="size-3.5" />
					Clicked
				</span>
			) : null}
		</p>
	)
}

/** 'Rebuild' / 'Try Again': posts ?intent=regenerate through a fetcher, so only this card shows it busy. */
function RebuildButton({ brochure }: { brochure: AgentBrochure }) {
	const fetcher = useFetcher()
	const rebuilding = fetcher.state !== 'idle'
	return (
		<fetcher.Form method="post" action="?intent=regenerate" preventScrollReset>
			<input type="hidden" name="brochureId" value={brochure.id} />
			<Button type="submit" variant="ghost" size="sm" disabled={rebuilding}>
				<RefreshCw aria-hidden className={cn('size-4', rebuilding && 'animate-spin')} />
				{brochure.status === 'failed' ? 'Try Again' : 'Rebuild'}
			</Button>
		</fetcher.Form>
	)
}

/** 'Send to Buyer': a link to ?send=<id> (the dialog without JavaScript); `onSend` opens it in place. */
function SendLink({ brochure, onSend }: { brochure: AgentBrochure; onSend: (event: MouseEvent) => void }) {
	if (brochure.status !== 'ready')
		return (
			<Button size="sm" disabled>
				<Send aria-hidden className="size-4" />
				Send to Buyer
			</Button>
		)
	return (
		<Link to={`?send=${brochure.id}`} preventScrollReset onClick={onSend} className={buttonClasses({ size: 'sm' })}>
			<Send aria-hidden className="size-4" />
			Send to Buyer
		</Link>
	)
}

/** One brochure on the dashboard: where, for whom, in which style, when, how often downloaded, and what to do next. */
export function BrochureCard({ brochure, onSend }: { brochure: AgentBrochure; onSend: (event: MouseEvent) => void }) {
	const status = STATUS[brochure.status]
	const client = brochure.buyerName ?? brochure.property.clientName
	return (
		<article
			aria-labelledby={`brochure-${brochure.id}`}
			className="flex h-full flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
		>
			<div className="flex items-start justify-between gap-3">
				<div className="min-w-0">
					<h2 id={`brochure-${brochure.id}`} className="font-semibold break-words text-gray-900">
						{brochure.property.address}
					</h2>
					<p className="text-sm text-muted-foreground">{client ? `Client: ${client}` : 'No client name'}</p>
				</div>
				<span
					className={cn(
						'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium',
						status.className,
					)}
				>
					{brochure.status === 'processing' ? <Loader2 aria-hidden className="size-3 animate-spin" /> : null}
					{brochure.status === 'failed' ? <CircleAlert aria-hidden className="size-3" /> : null}
					{status.label}
				</span>
			</div>
			<dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted p-3 text-sm">
				<div>
					<dt className="text-muted-foreground">Style</dt>
					<dd className="font-medium text-gray-900">{styleLabel(brochure.stylePreference ?? 'standard')}</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">Generated</dt>
					<dd className="font-medium text-gray-900">
						{brochure.generatedAt ? formatShortDate(brochure.generatedAt) : '—'}
					</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">Downloads</dt>
					<dd className="font-medium text-gray-900 tabular-nums">{brochure.downloadCount}</dd>
				</div>
			</dl>
			<p className="text-sm text-muted-foreground">{pluralise(brochure.roomCount, 'room')}</p>
			{brochure.lastEmail ? <Engagement email={brochure.lastEmail} /> : null}
			<div className="mt-auto flex flex-wrap gap-2 pt-1">
				{brochure.downloadUrl ? (
					<a
						href={brochure.downloadUrl}
						target="_blank"
						rel="noopener noreferrer"
						className={buttonClasses({ variant: 'outline', size: 'sm' })}
					>
						<Eye aria-hidden className="size-4" />
						Preview
					</a>
				) : (
					<Button variant="outline" size="sm" disabled>
						<Eye aria-hidden className="size-4" />
						Preview
					</Button>
				)}
				{brochure.webUrl ? (
					<a
						href={brochure.webUrl}
						target="_blank"
						rel="noopener noreferrer"
						className={buttonClasses({ variant: 'outline', size: 'sm' })}
					>
						<Globe aria-hidden className="size-4" />
						View online
					</a>
				) : null}
				<SendLink brochure={brochure} onSend={onSend} />
				{brochure.status !== 'processing' ? <RebuildButton brochure={brochure} /> : null}
			</div>
		</article>
	)
}

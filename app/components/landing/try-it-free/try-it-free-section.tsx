import type { SubmissionResult } from '@conform-to/react'
import { Clock, Gift, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { Section } from '../section.tsx'
import { TrialForm } from './trial-form.tsx'
import { AlreadyUsedPanel, SuccessPanel } from './trial-panels.tsx'

/** What the landing page's action answers to a form posted without JavaScript. */
export type TrialActionData =
	| { kind: 'sent'; email: string }
	| { kind: 'used' }
	| { kind: 'error'; message: string | null; result: SubmissionResult<string[]> }

type View = { kind: 'form' } | { kind: 'sent'; email: string } | { kind: 'used' }

const promises = [
	{ icon: Gift, text: 'One room photo, staged in the style you choose' },
	{ icon: MailCheck, text: 'Sent to your inbox, no account or card needed' },
	{ icon: Clock, text: 'Ready in a few minutes' },
]

/**
 * The free trial's three states (spec 01 §2, §4): the form, "Transformation in Progress!" and
 * "You've Already Tried Rendo!". Both panels lead back to a new, empty form.
 */
export function TryItFreeSection({ actionData }: { actionData?: TrialActionData }) {
	const [view, setView] = useState<View>(actionData?.kind === 'error' || !actionData ? { kind: 'form' } : actionData)
	// Each return to the form mounts a fresh one (fields, errors and file cleared); only the first
	// shows the server's answer to a no-JavaScript post.
	const [round, setRound] = useState(0)
	const backToForm = () => {
		setView({ kind: 'form' })
		setRound((n) => n + 1)
	}
	const serverError = round === 0 && actionData?.kind === 'error' ? actionData : undefined
	// A panel the page arrived with stays put; one that replaces the form takes focus.
	const takeFocus = !(round === 0 && actionData?.kind === view.kind)

	return (
		<Section
			id="try-it-free"
			title="Try Rendo free"
			lead="See what Rendo does with one of your own rooms. Send us a photo and we'll e-mail it back transformed."
			tone="muted"
		>
			<div className="grid gap-8 lg:grid-cols-[1fr_2fr]">
				<ul className="flex flex-col gap-4">
					{promises.map(({ icon: Icon, text }) => (
						<li key={text} className="flex items-start gap-3 text-gray-800">
							<span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand shadow-sm">
								<Icon aria-hidden className="size-5" />
							</span>
							<span className="pt-2">{text}</span>
						</li>
					))}
				</ul>
				<div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
					{view.kind === 'sent' ? (
						<SuccessPanel email={view.email} onReset={backToForm} takeFocus={takeFocus} />
					) : view.kind === 'used' ? (
						<AlreadyUsedPanel onTryAgain={backToForm} takeFocus={takeFocus} />
					) : (
						<TrialForm
							key={round}
							lastResult={serverError?.result}
							serverMessage={serverError?.message}
							autoFocus={round > 0}
							onSent={(email) => setView({ kind: 'sent', email })}
							onUsed={() => setView({ kind: 'used' })}
						/>
					)}
				</div>
			</div>
		</Section>
	)
}

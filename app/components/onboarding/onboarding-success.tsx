import { Link } from '@remix-run/react'
import { CircleCheck, Eye, LayoutDashboard, TriangleAlert } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { DISCLOSURE_LABEL } from '#core/accounts/agent-profile.schema.ts'
import { labelOffWarning, type MarketCode } from '#core/disclosure/markets.ts'

export type Onboarded = {
	agentId: string
	previewUrl: string
	dashboardUrl: string
	message: string
	email: string
	/** The agency saved with the "Virtually staged" label off: the warning is said again. */
	labelOff: boolean
	/** Where the agency lists: the warning names that market's rules. */
	market: MarketCode
}

/** The end of the wizard: the Agent ID, Preview Template, Go to Dashboard, and the e-mail to expect. */
export function OnboardingSuccess({ result }: { result: Onboarded }) {
	const heading = useRef<HTMLHeadingElement>(null)
	useEffect(() => heading.current?.focus(), [])
	return (
		<section
			aria-labelledby="onboarding-done"
			className="flex flex-col items-center gap-5 rounded-xl border border-green-200 bg-green-50/60 px-5 py-10 text-center"
		>
			<CircleCheck aria-hidden className="size-12 text-green-700" />
			<div className="flex flex-col gap-2">
				<h2
					id="onboarding-done"
					ref={heading}
					tabIndex={-1}
					className="text-2xl font-bold text-gray-900 focus:outline-none"
				>
					Your agent profile is ready
				</h2>
				<p className="text-gray-700">{result.message}</p>
				<p className="text-gray-700">A confirmation email will follow shortly to {result.email}.</p>
			</div>
			{result.labelOff ? (
				<div
					id="label-off-notice"
					className="flex max-w-xl gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-left text-sm text-amber-950"
				>
					<TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
					<p>
						<strong className="font-semibold">The “{DISCLOSURE_LABEL}” label is off.</strong>{' '}
						{labelOffWarning(result.market)} You can turn it back on in your agent profile at any time.
					</p>
				</div>
			) : null}
			<dl className="rounded-lg bg-white px-4 py-3 shadow-sm">
				<dt className="text-sm text-muted-foreground">Agent ID</dt>
				<dd className="font-mono text-sm break-all text-gray-900">{result.agentId}</dd>
			</dl>
			<div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
				<Link to={result.previewUrl} className={buttonClasses({ variant: 'outline' })}>
					<Eye aria-hidden className="size-4" />
					Preview Template
				</Link>
				<Link to={result.dashboardUrl} className={buttonClasses()}>
					<LayoutDashboard aria-hidden className="size-4" />
					Go to Dashboard
				</Link>
			</div>
		</section>
	)
}

import { Link, useNavigate } from '@remix-run/react'
import { ArrowLeft, CircleCheck, Download, Plus, Receipt } from 'lucide-react'
import { useEffect } from 'react'
import { StepHeading } from '#app/components/studio/step-layout.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { formatPounds, PROPERTY_PRICE_PENCE } from '#core/billing/pricing.ts'
import { afterPaymentPath } from './purchase-notice.tsx'

/** spec 02 §9: after payment the product goes back to the project list after 2 s (told what was bought). */
export const REDIRECT_AFTER_PAYMENT_MS = 2_000

/** What the completing post reports (flashed to the downloads page, see checkout.server.ts). */
export type CompletionSummary = {
	projectId: string
	mode: 'invoice' | 'stripe'
	invoiceNumber: string | null
	originals: number
	variations: number
	kept: number
}

/** Step 7 once paid: what the project came to, the billing event, and the way on. */
export function CompletionScreen({ summary }: { summary: CompletionSummary }) {
	const navigate = useNavigate()
	useEffect(() => {
		const timer = setTimeout(() => navigate(afterPaymentPath(summary.projectId)), REDIRECT_AFTER_PAYMENT_MS)
		return () => clearTimeout(timer)
	}, [navigate, summary.projectId])

	const { projectId, invoiceNumber } = summary
	const stats = [
		{ label: 'Original photos', value: summary.originals },
		{ label: 'Style variations', value: summary.variations },
		{ label: 'Images kept', value: summary.kept },
	]
	return (
		<div className="flex flex-col gap-5">
			{/* Without JavaScript the browser itself goes on to the list after the same 2 s. */}
			<noscript>
				<meta httpEquiv="refresh" content={`${REDIRECT_AFTER_PAYMENT_MS / 1000};url=${afterPaymentPath(projectId)}`} />
			</noscript>
			<StepHeading title="Project Complete" description="Your Rendos are being finalised for download." />
			<dl className="grid grid-cols-3 gap-3">
				{stats.map(({ label, value }) => (
					<div key={label} className="flex flex-col-reverse gap-1 rounded-xl bg-muted p-3 text-center sm:p-4">
						<dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
						<dd className="text-2xl font-bold text-brand tabular-nums sm:text-3xl">{value}</dd>
					</div>
				))}
			</dl>
			<div
				role="status"
				className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-950"
			>
				<Receipt aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
				<p>
					A billing event of <span className="font-semibold">{formatPounds(PROPERTY_PRICE_PENCE)}</span> has been logged
					{summary.mode === 'invoice' ? (
						<>: billed to your monthly invoice{invoiceNumber ? <> ({invoiceNumber})</> : null}.</>
					) : (
						<>: paid by card.</>
					)}
				</p>
			</div>
			<p className="flex items-center gap-2 text-sm text-muted-foreground">
				<CircleCheck aria-hidden className="size-4 text-green-700" />
				Taking you back to your properties...
			</p>
			<div className="flex flex-col gap-3 sm:flex-row">
				<Link to="/property-studio" className={buttonClasses({ size: 'lg' })}>
					<ArrowLeft aria-hidden className="size-4" />
					Back to Studio
				</Link>
				<Link
					to={`/property-studio/${projectId}/downloads`}
					className={buttonClasses({ size: 'lg', variant: 'outline' })}
				>
					<Download aria-hidden className="size-4" />
					Access Downloads
				</Link>
				<Link to="/property-studio?new" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
					<Plus aria-hidden className="size-4" />
					Start New Project
				</Link>
			</div>
		</div>
	)
}

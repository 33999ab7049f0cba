import { Link } from '@remix-run/react'
import { CircleCheck, Download, FileText, FolderArchive } from 'lucide-react'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { formatPounds } from '#core/billing/pricing.ts'
import type { PurchaseSummary } from '#core/billing/purchase-summary.ts'
import { pluralise } from '#core/studio/labels.ts'

/** The query parameter the completion screen's redirect adds, naming the project just bought. */
export const BOUGHT_PARAM = 'bought'

/** Where the completion screen goes after its 2 s (spec 02 §9): the list, told what was bought. */
export const afterPaymentPath = (projectId: string) => `/property-studio?${BOUGHT_PARAM}=${projectId}`

type Purchase = Omit<PurchaseSummary, 'completedAt'> & { completedAt: string | Date | null }

/**
 * Above the studio list after a payment: which property was bought, for how much and how it was
 * paid, what it came to, and the ways on to its images and the invoice or receipt.
 */
export function PurchaseNotice({ purchase }: { purchase: Purchase }) {
	const { projectId, payment } = purchase
	return (
		<section
			aria-labelledby="purchase-heading"
			className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-950 sm:p-5"
		>
			<div className="flex items-start gap-3">
				<CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
				<div className="flex flex-col gap-1">
					<h2 id="purchase-heading" className="font-semibold">
						Purchased: {purchase.propertyAddress}
					</h2>
					<p className="text-sm">
						{formatPounds(purchase.amountPence)}{' '}
						{payment.mode === 'invoice'
							? `on your monthly invoice${payment.invoiceNumber ? ` ${payment.invoiceNumber}` : ''}`
							: 'paid by card'}
						: {pluralise(purchase.images, 'image')} of {pluralise(purchase.rooms, 'room')}, ready to download.
					</p>
				</div>
			</div>
			<div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
				<Link to={`/property-studio/${projectId}/downloads`} className={buttonClasses()}>
					<Download aria-hidden className="size-4" />
					Downloads
				</Link>
				<a
					href={`/api/property-studio/projects/${projectId}/pack`}
					download
					className={buttonClasses({ variant: 'outline' })}
				>
					<FolderArchive aria-hidden className="size-4" />
					Listing pack
				</a>
				<Link to={purchase.invoiceUrl} className={buttonClasses({ variant: 'outline' })}>
					<FileText aria-hidden className="size-4" />
					{payment.mode === 'invoice' ? 'Invoice' : 'Receipt'}
				</Link>
			</div>
		</section>
	)
}

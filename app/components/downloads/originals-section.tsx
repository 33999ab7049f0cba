import { Form } from '@remix-run/react'
import { ExternalLink, Eye, EyeOff, RefreshCw } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { type MarketCode, marketOf } from '#core/disclosure/markets.ts'

export interface OriginalsPageControls {
	url: string
	shortAddress: string
	enabled: boolean
}

/**
 * The property's public originals page, as the agent manages it from the downloads page: its
 * address, whether it is on, and plain form posts (`?intent=`) that work without JavaScript. Why it
 * is there is said in the agency's market's rules.
 */
export function OriginalsSection({ page, market }: { page: OriginalsPageControls; market: MarketCode }) {
	return (
		<section
			aria-labelledby="originals-heading"
			className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6"
		>
			<div className="flex flex-col gap-1">
				<h2 id="originals-heading" className="text-lg font-semibold text-gray-900">
					Disclosure and originals
				</h2>
				<p className="text-sm text-gray-700">
					{marketOf(market).whyOriginals} This public page shows each altered image beside the photo it was made from;
					the label on your images carries its address and a QR code to it. Search engines are asked not to list it.
				</p>
			</div>
			<dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
				<dt className="font-medium text-gray-900">Address</dt>
				<dd className="flex min-w-0 flex-col gap-0.5">
					<a
						href={page.url}
						className="inline-flex items-center gap-1 font-medium break-all text-brand underline underline-offset-2 hover:no-underline"
					>
						{page.url}
						<ExternalLink aria-hidden className="size-4 shrink-0" />
					</a>
					<span className="text-muted-foreground">
						Printed on labels as <span className="font-mono break-all text-gray-900">{page.shortAddress}</span>
					</span>
				</dd>
				<dt className="font-medium text-gray-900">Status</dt>
				<dd>
					{page.enabled ? (
						<span className="font-medium text-green-800">On: anyone with the address can see it</span>
					) : (
						<span className="font-medium text-gray-900">Off: the address answers "not found"</span>
					)}
				</dd>
			</dl>
			<div className="flex flex-col gap-4 sm:flex-row sm:items-start">
				<Form method="post" action={page.enabled ? '?intent=originals-off' : '?intent=originals-on'}>
					<Button type="submit" variant="outline">
						{page.enabled ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
						{page.enabled ? 'Switch the page off' : 'Switch the page on'}
					</Button>
				</Form>
				<Form method="post" action="?intent=originals-new-address" className="flex flex-col gap-2 sm:max-w-md">
					<Button type="submit" variant="outline" aria-describedby="new-address-note" className="self-start">
						<RefreshCw aria-hidden className="size-4" />
						Issue a new address
					</Button>
					<p id="new-address-note" className="text-xs text-muted-foreground">
						The old address stops working: anyone following it, from a link, a label or a QR code already printed, is
						told it has been replaced.
					</p>
				</Form>
			</div>
		</section>
	)
}

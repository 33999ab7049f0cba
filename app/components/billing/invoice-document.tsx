import { cn } from '#app/utils/cn.ts'
import { formatPounds } from '#core/billing/pricing.ts'
import type { AgentInvoice } from '#core/billing/agent-invoices.ts'

// Single fetch hands the loader's Dates to the page as Dates.
type Invoice = Extract<AgentInvoice, { kind: 'invoice' }>
type Receipt = Extract<AgentInvoice, { kind: 'receipt' }>

// Billing periods are UTC calendar months (core/billing/invoices.ts): dates are read in UTC too,
// so a period never appears to start on the last day of the month before.
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
export const invoiceDate = (date: Date | null) => (date ? DATE.format(date) : '—')

/** 'draft' → 'Draft': the stored status (spec 01 §3), as a label. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1)

function Facts({ facts }: { facts: Array<[string, string]> }) {
	return (
		<dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
			{facts.map(([term, value]) => (
				<div key={term} className="contents">
					<dt className="text-muted-foreground">{term}</dt>
					<dd className="font-medium text-gray-900">{value}</dd>
				</div>
			))}
		</dl>
	)
}

function BilledTo({ to }: { to: AgentInvoice['billedTo'] }) {
	return (
		<div className="flex flex-col text-sm">
			<h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Billed to</h2>
			{to.company ? <p className="font-medium text-gray-900">{to.company}</p> : null}
			<p className={to.company ? 'text-gray-700' : 'font-medium text-gray-900'}>{to.name}</p>
			<p className="break-all text-gray-700">{to.email}</p>
		</div>
	)
}

const cell = 'px-3 py-2 text-left align-top print:px-1'
const number = 'px-3 py-2 text-right align-top tabular-nums whitespace-nowrap print:px-1'
// Left off a phone's narrow table (the date goes under the address), always on paper.
const wide = 'hidden sm:table-cell print:table-cell'

type Column = { label: string; className: string }

/** A table's head: one row of column headers, each in its cell's alignment. */
function HeaderRow({ columns }: { columns: Column[] }) {
	return (
		<thead>
			<tr className="border-b border-gray-300 text-xs text-muted-foreground uppercase">
				{columns.map(({ label, className }) => (
					<th key={label} scope="col" className={className}>
						{label}
					</th>
				))}
			</tr>
		</thead>
	)
}

const INVOICE_COLUMNS: Column[] = [
	{ label: 'Property', className: cell },
	{ label: 'Completed', className: cn(cell, wide) },
	{ label: 'Description', className: cell },
	{ label: 'Unit price', className: cn(number, wide) },
	{ label: 'Qty', className: cn(number, wide) },
	{ label: 'Amount', className: number },
]
const RECEIPT_COLUMNS: Column[] = [
	{ label: 'Description', className: cell },
	{ label: 'Amount', className: number },
]

function MonthlyInvoice({ invoice }: { invoice: Invoice }) {
	return (
		<>
			<div className="flex flex-col gap-1">
				<p className="text-sm font-medium text-muted-foreground">Monthly invoice</p>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900">Invoice {invoice.invoiceNumber}</h1>
			</div>
			<div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
				<BilledTo to={invoice.billedTo} />
				<Facts
					facts={[
						['Billing period', `${invoiceDate(invoice.periodStart)} – ${invoiceDate(invoice.periodEnd)}`],
						['Issued', invoiceDate(invoice.issuedAt)],
						['Due date', invoiceDate(invoice.dueDate)],
						['Status', invoice.paidAt ? `Paid on ${invoiceDate(invoice.paidAt)}` : statusLabel(invoice.status)],
					]}
				/>
			</div>
			{invoice.status === 'draft' && !invoice.paidAt ? (
				<p className="text-sm text-gray-700">
					Draft: properties you complete until {invoiceDate(invoice.periodEnd)} are added to this invoice.
				</p>
			) : null}
			{/* Should a long address still not fit, the table scrolls sideways: by keyboard too. */}
			<section
				aria-label="Invoice lines"
				// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
				tabIndex={0}
				className="overflow-x-auto rounded focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
			>
				<table className="w-full border-collapse text-sm">
					<caption className="sr-only">Invoice lines</caption>
					<HeaderRow columns={INVOICE_COLUMNS} />
					<tbody>
						{invoice.lines.map((line) => (
							<tr key={line.id} className="border-b border-gray-200">
								<td className={cell}>
									{line.propertyAddress}
									<span className="block text-xs text-muted-foreground sm:hidden print:hidden">
										Completed {invoiceDate(line.completedAt)}
									</span>
								</td>
								<td className={cn(cell, wide, 'whitespace-nowrap')}>{invoiceDate(line.completedAt)}</td>
								<td className={cell}>{line.itemDescription}</td>
								<td className={cn(number, wide)}>{formatPounds(line.unitPricePence)}</td>
								<td className={cn(number, wide)}>{line.quantity}</td>
								<td className={number}>{formatPounds(line.totalPence)}</td>
							</tr>
						))}
					</tbody>
					<tfoot>
						<tr className="font-semibold text-gray-900">
							<th scope="row" colSpan={5} className={cn(cell, 'text-right')}>
								Total ({invoice.totalProperties} {invoice.totalProperties === 1 ? 'property' : 'properties'})
							</th>
							<td className={number}>{formatPounds(invoice.totalPence)}</td>
						</tr>
					</tfoot>
				</table>
			</section>
		</>
	)
}

function CardReceipt({ receipt }: { receipt: Receipt }) {
	return (
		<>
			<div className="flex flex-col gap-1">
				<p className="text-sm font-medium text-muted-foreground">Card payment</p>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900">Receipt</h1>
			</div>
			<div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
				<BilledTo to={receipt.billedTo} />
				<Facts
					facts={[
						['Paid on', invoiceDate(receipt.paidAt)],
						['Status', 'Paid by card'],
						['Card payment reference', receipt.paymentReference],
					]}
				/>
			</div>
			<table className="w-full border-collapse text-sm">
				<caption className="sr-only">What was bought</caption>
				<HeaderRow columns={RECEIPT_COLUMNS} />
				<tbody>
					<tr className="border-b border-gray-200">
						<td className={cell}>
							{receipt.itemDescription}: {receipt.propertyAddress}
						</td>
						<td className={number}>{formatPounds(receipt.totalPence)}</td>
					</tr>
				</tbody>
				<tfoot>
					<tr className="font-semibold text-gray-900">
						<th scope="row" className={cn(cell, 'text-right')}>
							Total paid
						</th>
						<td className={number}>{formatPounds(receipt.totalPence)}</td>
					</tr>
				</tfoot>
			</table>
			<p className="text-sm text-gray-700">One-time payment per property · No subscription</p>
		</>
	)
}

/** A monthly invoice or a card receipt, laid out as one printed page. */
export function InvoiceDocument({ invoice }: { invoice: AgentInvoice }) {
	return (
		<article
			aria-label={invoice.kind === 'invoice' ? `Invoice ${invoice.invoiceNumber}` : 'Receipt'}
			className="flex flex-col gap-6 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-8 print:border-0 print:p-0 print:shadow-none"
		>
			<p className="text-lg font-bold text-gray-900">Rendo</p>
			{invoice.kind === 'invoice' ? <MonthlyInvoice invoice={invoice} /> : <CardReceipt receipt={invoice} />}
		</article>
	)
}

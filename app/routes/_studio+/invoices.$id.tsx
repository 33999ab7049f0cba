import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft, Printer } from 'lucide-react'
import { InvoiceDocument } from '#app/components/billing/invoice-document.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { cn } from '#app/utils/cn.ts'
import { getInvoice, INVOICE_NOT_FOUND } from '#core/billing/agent-invoices.ts'
import { NotFoundError } from '#core/errors.ts'
import { useHydrated } from 'remix-utils/use-hydrated'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{
		title: data?.invoice.kind === 'invoice' ? `Invoice ${data.invoice.invoiceNumber} | Rendo` : 'Receipt | Rendo',
	},
]

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	try {
		return { invoice: await getInvoice(actor, params.id ?? '') }
	} catch (error) {
		if (error instanceof NotFoundError) throw data(INVOICE_NOT_FOUND, { status: 404 })
		throw error
	}
}

export default function InvoicePage() {
	const { invoice } = useLoaderData<typeof loader>()
	// Printing needs a script; without one the browser's own Print does the same with the same stylesheet.
	const hydrated = useHydrated()
	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8 sm:px-6 sm:py-10 print:max-w-none print:p-0">
			<div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
				<Link to="/account#invoices-heading" className={cn(buttonClasses({ variant: 'ghost' }), '-ml-3')}>
					<ArrowLeft aria-hidden className="size-4" />
					Your invoices
				</Link>
				{hydrated ? (
					<Button type="button" variant="outline" onClick={() => window.print()}>
						<Printer aria-hidden className="size-4" />
						Print
					</Button>
				) : null}
			</div>
			<InvoiceDocument invoice={invoice} />
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

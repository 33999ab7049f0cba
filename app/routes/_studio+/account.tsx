import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ChevronRight, FileText, KeyRound, MessageSquare, Palette, UserRound, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { invoiceDate, statusLabel } from '#app/components/billing/invoice-document.tsx'
import { ConnectTelegram, type TelegramConnectReply } from '#app/components/telegram/connect-telegram.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { cn } from '#app/utils/cn.ts'
import { dispatchIntent } from '#app/utils/intents.server.ts'
import { accountOverview } from '#core/accounts/account-overview.ts'
import { listInvoices, type InvoiceListItem } from '#core/billing/agent-invoices.ts'
import { formatPounds } from '#core/billing/pricing.ts'
import { telegramIntents, telegramStatus } from './telegram-connect.server.ts'

export const meta: MetaFunction = () => [{ title: 'Your Account | Rendo' }]

const PAGE = '/account'

export async function loader({ request }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const [account, telegram, invoices] = await Promise.all([
		accountOverview(actor),
		telegramStatus(actor),
		listInvoices(actor),
	])
	return { account, telegram, invoices }
}

/** The Telegram card's ?intent=telegram-connect and ?intent=telegram-disconnect, as on the dashboard. */
export async function action({ request }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	return dispatchIntent(request, telegramIntents, { actor, page: PAGE })
}

function Section({
	id,
	title,
	icon: Icon,
	children,
}: {
	id: string
	title: string
	icon: LucideIcon
	children: ReactNode
}) {
	return (
		<section
			aria-labelledby={id}
			className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
		>
			<div className="flex items-center gap-3">
				<span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-muted text-brand">
					<Icon aria-hidden className="size-5" />
				</span>
				<h2 id={id} className="text-lg font-semibold text-gray-900">
					{title}
				</h2>
			</div>
			{children}
		</section>
	)
}

function Facts({ facts }: { facts: Array<[string, string]> }) {
	return (
		<dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
			{facts.map(([term, value]) => (
				<div key={term} className="contents">
					<dt className="text-muted-foreground">{term}</dt>
					<dd className="font-medium break-words text-gray-900">{value}</dd>
				</div>
			))}
		</dl>
	)
}

const sectionLink = cn(buttonClasses({ variant: 'outline' }), 'self-start')

/** One line per monthly invoice or card receipt, each opening its printable page. */
function InvoiceList({ invoices }: { invoices: InvoiceListItem[] }) {
	if (!invoices.length)
		return <p className="text-sm text-gray-700">No invoices yet: each property you complete is billed here.</p>
	return (
		<ul className="flex flex-col divide-y divide-gray-200 text-sm">
			{invoices.map((item) => (
				<li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
					<Link to={item.url} className="font-medium text-brand underline-offset-4 hover:underline">
						{item.kind === 'invoice' ? `Invoice ${item.invoiceNumber}` : `Receipt: ${item.propertyAddress}`}
					</Link>
					<span className="text-gray-700">
						{item.kind === 'invoice'
							? `${invoiceDate(item.periodStart)} · ${statusLabel(item.status)}`
							: `Paid by card ${invoiceDate(item.paidAt)}`}{' '}
						· <span className="font-medium text-gray-900 tabular-nums">{formatPounds(item.totalPence)}</span>
					</span>
				</li>
			))}
		</ul>
	)
}

export default function AccountPage() {
	const { account, telegram, invoices } = useLoaderData<typeof loader>()
	const telegramReply = useActionData<TelegramConnectReply>()
	const { brand } = account
	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Your Account</h1>
				<p className="text-muted-foreground">
					Your details, the brand on your brochures, Telegram, invoices and API tokens.
				</p>
			</div>

			<Section id="profile-heading" title="Profile" icon={UserRound}>
				<Facts
					facts={[
						['Name', account.name],
						['Email', account.email],
						['Username', account.username],
					]}
				/>
			</Section>

			<Section id="brand-heading" title="Brand" icon={Palette}>
				{brand ? (
					<>
						<Facts
							facts={[
								['Company', brand.companyName],
								['Agent', brand.agentName],
								['Brochure email', brand.email],
								['Agent ID', brand.agentId],
							]}
						/>
						<Link to="/agent-onboarding" className={sectionLink}>
							Edit Brand Profile
							<ChevronRight aria-hidden className="size-4" />
						</Link>
					</>
				) : (
					<>
						<p className="text-sm text-gray-700">
							No brand profile yet: your brochures carry Rendo’s colours and your account’s name. Add your company,
							contact details, logo and colours once.
						</p>
						<Link to="/agent-onboarding" className={cn(buttonClasses(), 'self-start')}>
							Set Up Brand Profile
						</Link>
					</>
				)}
			</Section>

			<ConnectTelegram status={telegram} posted={telegramReply} page={PAGE} />

			<Section id="tickets-heading" title="Support" icon={MessageSquare}>
				<p className="text-sm text-gray-700">The issues you reported, their status and our replies.</p>
				<Link to="/my-tickets" className={sectionLink}>
					My Tickets
					<ChevronRight aria-hidden className="size-4" />
				</Link>
			</Section>

			<Section id="invoices-heading" title="Invoices" icon={FileText}>
				<p className="text-sm text-gray-700">Your monthly invoices and card receipts, each printable.</p>
				<InvoiceList invoices={invoices} />
			</Section>

			<Section id="tokens-heading" title="API Tokens" icon={KeyRound}>
				<p className="text-sm text-gray-700">
					Personal access tokens let scripts and the command line use Rendo as you, with the scope you choose.
				</p>
				<Link to="/settings/api-tokens" className={sectionLink}>
					Manage API Tokens
					<ChevronRight aria-hidden className="size-4" />
				</Link>
			</Section>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

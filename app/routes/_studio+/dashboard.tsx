import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, NavLink, useActionData, useLoaderData } from '@remix-run/react'
import {
	Bug,
	ChartColumn,
	ChevronRight,
	FileText,
	Loader2,
	Palette,
	Send,
	Sparkles,
	type LucideIcon,
} from 'lucide-react'
import { ConnectTelegram, type TelegramConnectReply } from '#app/components/telegram/connect-telegram.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { cn } from '#app/utils/cn.ts'
import { dispatchIntent } from '#app/utils/intents.server.ts'
import { displayName } from '#app/utils/misc.ts'
import { brandSummary } from '#core/accounts/account-overview.ts'
import { dashboardSummary, type DashboardSummary } from '#core/studio/dashboard-summary.ts'
import { telegramIntents, telegramStatus } from './telegram-connect.server.ts'

export const meta: MetaFunction = () => [{ title: 'Dashboard | Rendo' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const { user, actor } = await requireSessionUser(request)
	const [summary, telegram, brand] = await Promise.all([
		dashboardSummary(actor),
		telegramStatus(actor),
		brandSummary(actor),
	])
	return { name: displayName(user), summary, telegram, needsBrand: !brand }
}

/** The Telegram card's ?intent=telegram-connect and ?intent=telegram-disconnect. */
export async function action({ request }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	return dispatchIntent(request, telegramIntents, { actor, page: '/dashboard' })
}

type Task = { to: string; title: string; description: string; icon: LucideIcon; featured?: boolean }

const tasks: Task[] = [
	{
		to: '/rendo-studio',
		title: 'Rendo Studio',
		description: 'Upload room photos and get staged styles in 20-30 minutes.',
		icon: Sparkles,
		featured: true,
	},
	{
		to: '/client-preferences',
		title: 'Send a Post Tour render',
		description: "Capture a client's style after a viewing and send them a render.",
		icon: Send,
	},
	{
		to: '/brochures',
		title: 'Brochure Dashboard',
		description: 'Create branded post-viewing brochures and track who opens them.',
		icon: FileText,
	},
	{
		to: '/admin-dashboard',
		title: 'View Performance Data',
		description: 'See your transformations, completion rates and results.',
		icon: ChartColumn,
	},
	{
		to: '/report-issue',
		title: 'Report an Issue',
		description: "Tell us what went wrong and we'll get it sorted.",
		icon: Bug,
	},
]

function TaskIcon({ task }: { task: Task }) {
	const Icon = task.icon
	return (
		<span
			className={cn(
				'flex size-11 shrink-0 items-center justify-center rounded-lg',
				task.featured ? 'bg-white/15' : 'bg-muted text-brand',
			)}
		>
			<Icon aria-hidden className="size-5" />
		</span>
	)
}

function TaskCard({ task }: { task: Task }) {
	return (
		<li className={cn(task.featured && 'sm:col-span-2')}>
			<NavLink
				to={task.to}
				prefetch="intent"
				className={cn(
					'group flex h-full min-h-24 items-center gap-4 rounded-xl border p-4 shadow-sm transition hover:shadow-md sm:p-5',
					task.featured
						? 'border-brand bg-brand text-brand-foreground'
						: 'border-gray-200 bg-white text-gray-900 hover:border-accent',
				)}
			>
				{({ isPending }) => (
					<>
						<TaskIcon task={task} />
						<span className="flex min-w-0 flex-1 flex-col gap-0.5">
							<span className="font-semibold">{task.title}</span>
							<span className={cn('text-sm', task.featured ? 'text-white/80' : 'text-muted-foreground')}>
								{task.description}
							</span>
						</span>
						{isPending ? (
							<Loader2 aria-label="Loading" className="size-5 shrink-0 animate-spin" />
						) : (
							<ChevronRight aria-hidden className="size-5 shrink-0 opacity-60 transition group-hover:translate-x-0.5" />
						)}
					</>
				)}
			</NavLink>
		</li>
	)
}

/**
 * Until the agent has a brand profile their brochures carry Rendo's colours and only their account's
 * name: said where sign-up lands, and gone once the profile exists.
 */
function BrandProfileNotice() {
	return (
		<section
			aria-labelledby="brand-notice-heading"
			className="flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent/5 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
		>
			<div className="flex items-start gap-3">
				<Palette aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
				<div className="flex flex-col gap-1">
					<h2 id="brand-notice-heading" className="font-semibold text-gray-900">
						Set up your brand profile
					</h2>
					<p className="text-sm text-gray-700">
						Add your company, contact details, logo and colours once, and every brochure you send carries them.
					</p>
				</div>
			</div>
			<Link to="/agent-onboarding" className={cn(buttonClasses(), 'shrink-0 self-start sm:self-center')}>
				Set Up Brand Profile
			</Link>
		</section>
	)
}

const counters: Array<{ key: keyof DashboardSummary; label: string }> = [
	{ key: 'totalProperties', label: 'Total Properties' },
	{ key: 'thisMonth', label: 'This Month' },
	{ key: 'completed', label: 'Completed' },
	{ key: 'inProgress', label: 'In Progress' },
]

function PerformanceStrip({ summary }: { summary: DashboardSummary }) {
	return (
		<section aria-labelledby="performance-heading" className="flex flex-col gap-4 rounded-xl bg-muted p-4 sm:p-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="performance-heading" className="text-lg font-semibold text-gray-900">
					Your Performance
				</h2>
				<Link to="/rendo-studio" className={buttonClasses()}>
					<Sparkles aria-hidden className="size-4" />
					Launch Studio
				</Link>
			</div>
			<dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
				{counters.map(({ key, label }) => (
					<div key={key} className="flex flex-col-reverse gap-1 rounded-lg bg-white p-4 shadow-sm">
						<dt className="text-sm text-muted-foreground">{label}</dt>
						<dd className="text-3xl font-bold text-brand tabular-nums">{summary[key]}</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

export default function Dashboard() {
	const { name, summary, telegram, needsBrand } = useLoaderData<typeof loader>()
	const telegramReply = useActionData<TelegramConnectReply>()
	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Welcome back, {name}</h1>
				<p className="text-muted-foreground">What would you like to do today?</p>
			</div>
			{needsBrand ? <BrandProfileNotice /> : null}
			<section aria-label="Tasks">
				<ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
					{tasks.map((task) => (
						<TaskCard key={task.to} task={task} />
					))}
				</ul>
			</section>
			<PerformanceStrip summary={summary} />
			<ConnectTelegram status={telegram} posted={telegramReply} page="/dashboard" />
		</div>
	)
}

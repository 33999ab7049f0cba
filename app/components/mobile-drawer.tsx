import * as Dialog from '@radix-ui/react-dialog'
import { Form, Link, useLocation } from '@remix-run/react'
import {
	Activity,
	Bug,
	FileText,
	Info,
	LayoutDashboard,
	LogIn,
	LogOut,
	Menu,
	MessageSquare,
	PoundSterling,
	Rocket,
	ShieldCheck,
	Sparkles,
	Ticket,
	UserRound,
	UsersRound,
	X,
	type LucideIcon,
} from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { TAGLINE } from '#app/components/site-footer.tsx'
import type { NavAccess, NavItem } from '#app/components/site-header.tsx'
import type { RoleLabel } from '#core/accounts/actor.ts'

type Account = { name: string; roleLabel: RoleLabel; access: NavAccess }

type DrawerItem = { to: string; title: string; subtitle?: string; icon: LucideIcon }

const itemClasses =
	'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-gray-900 transition-colors hover:bg-muted focus-visible:bg-muted'

function ItemText({ title, subtitle }: { title: string; subtitle?: string }) {
	return (
		<span className="flex min-w-0 flex-col">
			<span className="text-sm font-medium">{title}</span>
			{subtitle ? <span className="text-xs text-muted-foreground">{subtitle}</span> : null}
		</span>
	)
}

function DrawerLink({ item, onNavigate }: { item: DrawerItem; onNavigate: () => void }) {
	const Icon = item.icon
	return (
		<li>
			<Link to={item.to} prefetch="intent" onClick={onNavigate} className={itemClasses}>
				<Icon aria-hidden className="size-5 shrink-0 text-brand" />
				<ItemText title={item.title} subtitle={item.subtitle} />
			</Link>
		</li>
	)
}

function Section({ title, children }: { title: string; children: ReactNode }) {
	return (
		<section className="flex flex-col gap-1">
			<h3 className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
			<ul className="flex flex-col">{children}</ul>
		</section>
	)
}

function toolItems(access: NavAccess): DrawerItem[] {
	return [
		...(access.agent ? [{ to: '/client-preferences', title: 'Client Preferences', icon: UsersRound }] : []),
		...(access.admin ? [{ to: '/admin-dashboard', title: 'Admin Dashboard', icon: ShieldCheck }] : []),
		...(access.ceo
			? [
					{ to: '/rendo-ops', title: 'Rendo Ops', icon: Activity },
					{ to: '/devops-dashboard', title: 'DevOps Dashboard', subtitle: 'Ticket Management', icon: Ticket },
				]
			: []),
	]
}

const mainWorkflow: DrawerItem[] = [
	{ to: '/dashboard', title: 'Main Dashboard', subtitle: 'Task Selection & Overview', icon: LayoutDashboard },
	{ to: '/rendo-studio', title: 'Rendo Studio', subtitle: 'Create & Transform', icon: Sparkles },
	{ to: '/brochures', title: 'Brochure Dashboard', icon: FileText },
]

const roleBadgeClasses: Record<RoleLabel, string> = {
	Admin: 'bg-amber-100 text-amber-900',
	CEO: 'bg-brand text-brand-foreground',
	Agent: 'bg-blue-100 text-blue-900',
}

function SignedInMenu({ account, close }: { account: Account; close: () => void }) {
	return (
		<>
			<div className="flex flex-wrap items-center gap-2 rounded-lg bg-muted px-3 py-3">
				<Dialog.Description className="text-sm text-gray-900">
					Welcome, <span className="font-semibold">{account.name}</span>
				</Dialog.Description>
				<span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${roleBadgeClasses[account.roleLabel]}`}>
					{account.roleLabel}
				</span>
			</div>
			<Section title="Main Workflow">
				{mainWorkflow.map((item) => (
					<DrawerLink key={item.to} item={item} onNavigate={close} />
				))}
			</Section>
			<Section title="Tools & Features">
				{toolItems(account.access).map((item) => (
					<DrawerLink key={item.to} item={item} onNavigate={close} />
				))}
			</Section>
			<Section title="Support & Account">
				<DrawerLink item={{ to: '/report-issue', title: 'Report Issue', icon: Bug }} onNavigate={close} />
				<DrawerLink item={{ to: '/my-tickets', title: 'My Tickets', icon: MessageSquare }} onNavigate={close} />
				<DrawerLink item={{ to: '/account', title: 'Your Account', icon: UserRound }} onNavigate={close} />
				<li>
					<Form method="post" action="/logout" onSubmit={close}>
						<button type="submit" className={itemClasses}>
							<LogOut aria-hidden className="size-5 shrink-0 text-destructive" />
							<ItemText title="Sign Out" />
						</button>
					</Form>
				</li>
			</Section>
		</>
	)
}

function SignedOutMenu({ getStarted, close }: { getStarted: NavItem; close: () => void }) {
	return (
		<>
			<Dialog.Description className="px-3 text-sm font-medium text-brand">{TAGLINE}</Dialog.Description>
			<Section title="Navigation">
				<DrawerLink item={{ to: '/about', title: 'About', icon: Info }} onNavigate={close} />
				<DrawerLink item={{ to: '/pricing', title: 'Pricing', icon: PoundSterling }} onNavigate={close} />
			</Section>
			<Section title="Getting Started">
				<DrawerLink item={{ to: getStarted.to, title: getStarted.label, icon: Rocket }} onNavigate={close} />
				<DrawerLink item={{ to: '/login', title: 'Sign In', icon: LogIn }} onNavigate={close} />
			</Section>
		</>
	)
}

/** The phone menu: a side drawer with focus trapped inside while open. */
export function MobileDrawer({ account, getStarted }: { account: Account | null; getStarted: NavItem }) {
	const [open, setOpen] = useState(false)
	const close = () => setOpen(false)
	const { pathname } = useLocation()
	// Back/forward and redirects change the page without a click inside the drawer.
	// biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly when it closes.
	useEffect(() => setOpen(false), [pathname])

	return (
		<Dialog.Root open={open} onOpenChange={setOpen}>
			<Dialog.Trigger
				aria-label="Open menu"
				className="inline-flex size-11 items-center justify-center rounded-md text-gray-700 hover:bg-muted"
			>
				<Menu aria-hidden className="size-6" />
			</Dialog.Trigger>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
				<Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none">
					<div className="flex h-16 items-center justify-between border-b border-gray-200 px-4">
						<Dialog.Title className="flex items-center gap-2 text-lg font-bold text-brand">
							<img src="/favicon.svg" alt="" width={24} height={24} />
							Rendo
						</Dialog.Title>
						<Dialog.Close
							aria-label="Close menu"
							className="inline-flex size-11 items-center justify-center rounded-md text-gray-700 hover:bg-muted"
						>
							<X aria-hidden className="size-5" />
						</Dialog.Close>
					</div>
					<nav aria-label="Mobile" className="flex flex-1 flex-col gap-5 overflow-y-auto p-3">
						{account ? (
							<SignedInMenu account={account} close={close} />
						) : (
							<SignedOutMenu getStarted={getStarted} close={close} />
						)}
					</nav>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

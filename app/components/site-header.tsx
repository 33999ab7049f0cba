import { Form, Link, NavLink, useNavigation } from '@remix-run/react'
import { Loader2, LogOut, UserRound } from 'lucide-react'
import { MobileDrawer } from '#app/components/mobile-drawer.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import type { RootUser } from '#app/root.tsx'
import { cn } from '#app/utils/cn.ts'

type SignedInUser = NonNullable<RootUser>

export type PioneerStatus = { isPioneerProgramActive: boolean; pioneerSpotsRemaining: number }

export type NavItem = { to: string; label: string }

/** While pioneer spots remain, new agents are sent to the pioneer sign-up instead of the plain one. */
export function getStartedLink(pioneer: PioneerStatus | null | undefined): NavItem {
	if (!pioneer?.isPioneerProgramActive) return { to: '/register', label: 'Get Started' }
	const spots = pioneer.pioneerSpotsRemaining
	return { to: '/agent-register', label: `Join Pioneer Program (${spots} ${spots === 1 ? 'spot' : 'spots'} left)` }
}

export type NavAccess = ReturnType<typeof navAccess>

/** Which areas a user sees: the CEO gets operations instead of the agent and admin screens. */
export function navAccess(user: SignedInUser) {
	return {
		agent: !user.isCeo,
		admin: user.isAdmin && !user.isCeo,
		ceo: user.isCeo,
	}
}

function greetingName(user: SignedInUser) {
	return user.firstName?.trim() || user.username
}

export function signedInLinks(user: SignedInUser): NavItem[] {
	const access = navAccess(user)
	return [
		...(access.agent
			? [
					{ to: '/dashboard', label: 'Dashboard' },
					{ to: '/client-preferences', label: 'Client Preferences' },
				]
			: []),
		...(access.admin ? [{ to: '/admin-dashboard', label: 'Admin Dashboard' }] : []),
		...(access.ceo
			? [
					{ to: '/rendo-ops', label: 'Rendo Ops' },
					{ to: '/devops-dashboard', label: 'DevOps' },
				]
			: []),
	]
}

const publicLinks: NavItem[] = [
	{ to: '/about', label: 'About' },
	{ to: '/pricing', label: 'Pricing' },
]

function Logo() {
	return (
		<Link
			to="/"
			className="flex min-h-11 shrink-0 items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand"
		>
			<img src="/favicon.svg" alt="" width={28} height={28} />
			Rendo
		</Link>
	)
}

function DesktopNavLink({ to, label }: NavItem) {
	return (
		<NavLink
			to={to}
			prefetch="intent"
			className={({ isActive }) =>
				cn(
					'inline-flex h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted hover:text-brand lg:px-3',
					isActive ? 'bg-muted text-brand' : 'text-gray-700',
				)
			}
		>
			{({ isPending }) => (
				<>
					{label}
					{isPending ? <Loader2 aria-hidden className="size-3.5 animate-spin" /> : null}
				</>
			)}
		</NavLink>
	)
}

function SignOutButton() {
	return (
		<Form method="post" action="/logout">
			<button type="submit" className={cn(buttonClasses({ variant: 'outline' }), 'whitespace-nowrap')}>
				<LogOut aria-hidden className="size-4" />
				Sign Out
			</button>
		</Form>
	)
}

/** A thin bar under the header while the next page's loaders run, so slow pages never look frozen. */
function NavigationProgress() {
	const busy = useNavigation().state !== 'idle'
	return (
		<div aria-hidden className={cn('absolute inset-x-0 bottom-0 h-0.5 overflow-hidden', !busy && 'invisible')}>
			<div className="h-full w-full animate-pulse bg-accent" />
		</div>
	)
}

export function SiteHeader({ user, pioneer }: { user: RootUser; pioneer: PioneerStatus }) {
	const getStarted = getStartedLink(pioneer)
	return (
		<header className="sticky top-0 z-40 print:hidden border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
			<div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 lg:px-6">
				<Logo />
				<nav aria-label="Main" className="hidden flex-1 items-center gap-0.5 md:flex lg:gap-1">
					{(user ? signedInLinks(user) : publicLinks).map((link) => (
						<DesktopNavLink key={link.to} {...link} />
					))}
				</nav>
				<div className="hidden items-center gap-2 md:flex">
					{user ? (
						<>
							{/* The account page (profile, brand, Telegram, API tokens) opens from its name, as 'Your Account' in the menu's Support & Account section does on phones. */}
							<Link
								to="/account"
								aria-label={`${greetingName(user)}: your account`}
								className="flex max-w-28 items-center gap-1.5 rounded-md px-1 text-sm font-medium text-gray-700 hover:text-gray-900 hover:underline lg:max-w-40"
							>
								<UserRound aria-hidden className="size-4 shrink-0 text-muted-foreground" />
								<span className="truncate">{greetingName(user)}</span>
							</Link>
							<SignOutButton />
						</>
					) : (
						<>
							<Link to="/login" className={buttonClasses({ variant: 'ghost' })}>
								Login
							</Link>
							<Link to={getStarted.to} className={buttonClasses()}>
								{getStarted.label}
							</Link>
						</>
					)}
				</div>
				<div className="md:hidden">
					<MobileDrawer
						account={user && { name: greetingName(user), roleLabel: user.roleLabel, access: navAccess(user) }}
						getStarted={getStarted}
					/>
				</div>
			</div>
			<NavigationProgress />
		</header>
	)
}

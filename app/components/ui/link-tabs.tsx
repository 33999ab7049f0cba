import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { cn } from '#app/utils/cn.ts'
import { withSearchParam } from '#app/utils/search-params.ts'

export type LinkTab = { value: string; label: string; content: ReactNode }

/** The selected tab's value from a URL (the first tab when the parameter is absent or unknown). */
function selectedTab(tabs: ReadonlyArray<{ value: string }>, search: string, param = 'tab') {
	const value = new URLSearchParams(search).get(param)
	return tabs.find((t) => t.value === value)?.value ?? tabs[0].value
}

/**
 * WAI-ARIA tabs whose selection lives in the URL (`?tab=`): each tab is a link, so a section can
 * be bookmarked and chosen without JavaScript; with it, the arrow keys (and Home/End) move
 * between tabs as in `tabs.tsx`. Only the selected panel is rendered.
 */
export function LinkTabs({ label, tabs, param = 'tab' }: { label: string; tabs: LinkTab[]; param?: string }) {
	const { search } = useLocation()
	const navigate = useNavigate()
	const id = useId()
	// roving focus needs the arrow keys (JavaScript); without it every tab stays in the tab order
	const roving = useHydrated()
	const links = useRef<Array<HTMLAnchorElement | null>>([])
	const active = tabs.findIndex((t) => t.value === selectedTab(tabs, search, param))
	const hrefOf = (i: number) => withSearchParam(search, param, i === 0 ? null : tabs[i].value)

	function onKeyDown(event: KeyboardEvent) {
		const moves: Record<string, number> = {
			ArrowRight: active + 1,
			ArrowLeft: active - 1,
			Home: 0,
			End: tabs.length - 1,
		}
		if (!(event.key in moves)) return
		event.preventDefault()
		const next = (moves[event.key] + tabs.length) % tabs.length
		navigate(hrefOf(next), { replace: true, preventScrollReset: true })
		links.current[next]?.focus()
	}

	return (
		<div className="flex flex-col gap-4">
			<div
				role="tablist"
				aria-label={label}
				onKeyDown={onKeyDown}
				className="-mx-4 flex gap-1 overflow-x-auto border-b border-gray-200 px-4"
			>
				{tabs.map((tab, i) => (
					<Link
						key={tab.value}
						ref={(el) => {
							links.current[i] = el
						}}
						to={hrefOf(i)}
						replace
						preventScrollReset
						role="tab"
						id={`${id}-tab-${i}`}
						aria-selected={active === i}
						aria-controls={active === i ? `${id}-panel` : undefined}
						tabIndex={roving && active !== i ? -1 : undefined}
						className={cn(
							'-mb-px inline-flex h-11 shrink-0 items-center border-b-2 px-4 text-sm font-medium whitespace-nowrap',
							active === i ? 'border-brand text-brand' : 'border-transparent text-muted-foreground hover:text-gray-900',
						)}
					>
						{tab.label}
					</Link>
				))}
			</div>
			<div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`}>
				{tabs[active].content}
			</div>
		</div>
	)
}

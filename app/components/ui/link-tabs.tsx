import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { cn } from '#app/utils/cn.ts'
import { withSearchParam } from '#app/utils/search-params.ts'
import { TAB_LOOKS, tabKeyTarget } from './tabs.tsx'

export type LinkTab = { value: string; label: string; content: ReactNode }

/** The selected tab's value from a URL (the first tab when the parameter is absent or unknown). */
function selectedTab(tabs: ReadonlyArray<{ value: string }>, search: string, param = 'tab') {
	const value = new URLSearchParams(search).get(param)
	return tabs.find((t) => t.value === value)?.value ?? tabs[0].value
}

/**
 * WAI-ARIA tabs whose selection lives in the URL (`?tab=`): each tab is a link, so a section can
 * be bookmarked and chosen without JavaScript; with it, the arrow keys (and Home/End) move
 * between tabs by the same rule as `tabs.tsx`, in the same look. Only the selected panel is rendered.
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

	const look = TAB_LOOKS.underline

	function onKeyDown(event: KeyboardEvent) {
		const next = tabKeyTarget(event.key, active, tabs.length)
		if (next === null) return
		event.preventDefault()
		navigate(hrefOf(next), { replace: true, preventScrollReset: true })
		links.current[next]?.focus()
	}

	return (
		<div className="flex flex-col gap-4">
			<div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={look.list}>
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
						className={cn(look.tab, 'inline-flex items-center', active === i ? look.active : look.inactive)}
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

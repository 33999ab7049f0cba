import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '#app/utils/cn.ts'

export const TAB_LOOKS = {
	// dashboards: a scrolling row of underlined tabs
	underline: {
		list: '-mx-4 flex gap-1 overflow-x-auto border-b border-gray-200 px-4',
		tab: '-mb-px h-11 shrink-0 border-b-2 px-4 text-sm font-medium whitespace-nowrap',
		active: 'border-brand text-brand',
		inactive: 'border-transparent text-muted-foreground hover:text-gray-900',
		panel: undefined,
	},
	// a form's two ways in: a segmented control
	segmented: {
		list: 'grid grid-cols-2 gap-1 rounded-lg bg-muted p-1',
		tab: 'min-h-11 rounded-md px-3 text-sm font-medium transition-colors',
		active: 'bg-white text-gray-900 shadow-sm',
		inactive: 'text-muted-foreground hover:text-gray-900',
		panel: 'focus:outline-none',
	},
}

/** WAI-ARIA tabs' keys: the arrows move to the next or previous tab (wrapping), Home and End to the ends. */
export function tabKeyTarget(key: string, active: number, count: number): number | null {
	const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: count - 1 }
	return key in moves ? (moves[key] + count) % count : null
}

/**
 * WAI-ARIA tabs: the selected tab is the only one in the tab order, arrow keys (and Home/End)
 * move between tabs, and each panel is labelled by its tab. Only the selected panel is rendered,
 * unless `keepMounted`: then the others stay in the page, hidden, so a half-filled form keeps
 * what was typed while the other tab is read.
 */
export function Tabs({
	label,
	tabs,
	look = 'underline',
	keepMounted = false,
}: {
	label: string
	tabs: Array<{ label: string; content: ReactNode }>
	look?: keyof typeof TAB_LOOKS
	keepMounted?: boolean
}) {
	const [active, setActive] = useState(0)
	const id = useId()
	const buttons = useRef<Array<HTMLButtonElement | null>>([])
	const styles = TAB_LOOKS[look]

	function onKeyDown(event: KeyboardEvent) {
		const next = tabKeyTarget(event.key, active, tabs.length)
		if (next === null) return
		event.preventDefault()
		setActive(next)
		buttons.current[next]?.focus()
	}

	const panel = (i: number) => (
		<div
			key={tabs[i].label}
			role="tabpanel"
			id={`${id}-panel-${i}`}
			aria-labelledby={`${id}-tab-${i}`}
			hidden={i !== active}
			// biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's tabs pattern: Tab from the tab list reaches the panel even when it holds no control.
			tabIndex={0}
			className={styles.panel}
		>
			{tabs[i].content}
		</div>
	)

	return (
		<div className="flex flex-col gap-4">
			<div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={styles.list}>
				{tabs.map((tab, i) => (
					<button
						key={tab.label}
						ref={(el) => {
							buttons.current[i] = el
						}}
						type="button"
						role="tab"
						id={`${id}-tab-${i}`}
						aria-selected={active === i}
						aria-controls={`${id}-panel-${i}`}
						tabIndex={active === i ? 0 : -1}
						onClick={() => setActive(i)}
						className={cn(styles.tab, active === i ? styles.active : styles.inactive)}
					>
						{tab.label}
					</button>
				))}
			</div>
			{keepMounted ? tabs.map((_, i) => panel(i)) : panel(active)}
		</div>
	)
}

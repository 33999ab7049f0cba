import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '#app/utils/cn.ts'

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active panel is rendered. */
export function Tabs({ tabs }: { tabs: Array<{ label: string; content: ReactNode }> }) {
	const [active, setActive] = useState(0)
	const id = useId()
	const buttons = useRef<Array<HTMLButtonElement | null>>([])

	function onKeyDown(event: KeyboardEvent) {
		const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: tabs.length - 1 }
		if (!(event.key in moves)) return
		event.preventDefault()
		const next = (moves[event.key] + tabs.length) % tabs.length
		setActive(next)
		buttons.current[next]?.focus()
	}

	return (
		<div className="flex flex-col gap-4">
			<div role="tablist" aria-label="Dashboard sections" onKeyDown={onKeyDown} className="-mx-4 flex gap-1 overflow-x-auto border-b border-gray-200 px-4">
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
						className={cn(
							'-mb-px h-11 shrink-0 border-b-2 px-4 text-sm font-medium whitespace-nowrap',
							active === i ? 'border-brand text-brand' : 'border-transparent text-muted-foreground hover:text-gray-900',
						)}
					>
						{tab.label}
					</button>
				))}
			</div>
			<div role="tabpanel" id={`${id}-panel-${active}`} aria-labelledby={`${id}-tab-${active}`} tabIndex={0}>
				{tabs[active].content}
			</div>
		</div>
	)
}

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '#app/utils/cn.ts'

/**
 * WAI-ARIA tabs: the selected tab is the only one in the tab order, arrow keys (and Home/End)
 * move between tabs, and each panel is labelled by its tab.
 */
export function Tabs({ label, tabs }: { label: string; tabs: Array<{ id: string; label: string; panel: ReactNode }> }) {
	const baseId = useId()
	const [selected, setSelected] = useState(tabs[0].id)
	const buttons = useRef<Array<HTMLButtonElement | null>>([])

	function onKeyDown(event: KeyboardEvent, index: number) {
		const last = tabs.length - 1
		const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key]
		if (next === undefined) return
		event.preventDefault()
		setSelected(tabs[next].id)
		buttons.current[next]?.focus()
	}

	return (
		<div className="flex flex-col gap-4">
			<div role="tablist" aria-label={label} className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
				{tabs.map((tab, index) => {
					const active = tab.id === selected
					return (
						<button
							key={tab.id}
							ref={(el) => {
								buttons.current[index] = el
							}}
							type="button"
							role="tab"
							id={`${baseId}-${tab.id}-tab`}
							aria-selected={active}
							aria-controls={`${baseId}-${tab.id}-panel`}
							tabIndex={active ? 0 : -1}
							onClick={() => setSelected(tab.id)}
							onKeyDown={(event) => onKeyDown(event, index)}
							className={cn(
								'min-h-11 rounded-md px-3 text-sm font-medium transition-colors',
								active ? 'bg-white text-gray-900 shadow-sm' : 'text-muted-foreground hover:text-gray-900',
							)}
						>
							{tab.label}
						</button>
					)
				})}
			</div>
			{tabs.map((tab) => (
				<div
					key={tab.id}
					role="tabpanel"
					id={`${baseId}-${tab.id}-panel`}
					aria-labelledby={`${baseId}-${tab.id}-tab`}
					hidden={tab.id !== selected}
					tabIndex={0}
					className="focus:outline-none"
				>
					{tab.panel}
				</div>
			))}
		</div>
	)
}

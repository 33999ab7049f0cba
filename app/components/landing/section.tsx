import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#app/utils/cn.ts'

/** A landing section: an anchor (#id) that clears the sticky header, a heading, an optional lead. */
export function Section({
	id,
	title,
	lead,
	tone = 'plain',
	children,
}: {
	id: string
	title: string
	lead?: string
	tone?: 'plain' | 'muted'
	children: ReactNode
}) {
	return (
		<section id={id} aria-labelledby={`${id}-heading`} className={cn('scroll-mt-16', tone === 'muted' && 'bg-muted')}>
			<div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-14 sm:px-6 sm:py-20">
				<div className="flex max-w-2xl flex-col gap-3">
					<h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
						{title}
					</h2>
					{lead ? <p className="text-lg text-muted-foreground">{lead}</p> : null}
				</div>
				{children}
			</div>
		</section>
	)
}

export type Item = { icon: LucideIcon; title: string; description: string }

export function ItemCard({ item, step }: { item: Item; step?: number }) {
	const Icon = item.icon
	return (
		<li className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
			<div className="flex items-center gap-3">
				<span className="flex size-11 items-center justify-center rounded-lg bg-muted text-brand">
					<Icon aria-hidden className="size-5" />
				</span>
				{step ? <span className="text-sm font-semibold text-muted-foreground">Step {step}</span> : null}
			</div>
			<h3 className="font-semibold text-gray-900">{item.title}</h3>
			<p className="text-sm text-muted-foreground">{item.description}</p>
		</li>
	)
}

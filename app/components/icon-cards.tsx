import type { LucideIcon } from 'lucide-react'
import { cn } from '#app/utils/cn.ts'

export interface IconCard {
	icon: LucideIcon
	title: string
	description: string
}

/** Cards of an icon, a title and a sentence, in a grid (the about page's principles, the pioneer benefits). */
export function IconCards({
	cards,
	className,
	cardClassName,
	iconClassName,
}: {
	cards: IconCard[]
	className: string
	cardClassName?: string
	iconClassName: string
}) {
	return (
		<ul className={cn('grid gap-4', className)}>
			{cards.map(({ icon: Icon, title, description }) => (
				<li key={title} className={cn('flex flex-col gap-3 rounded-xl border border-gray-200 p-5', cardClassName)}>
					<span className={cn('flex size-11 items-center justify-center rounded-lg', iconClassName)}>
						<Icon aria-hidden className="size-5" />
					</span>
					<h3 className="font-semibold text-gray-900">{title}</h3>
					<p className="text-sm text-muted-foreground">{description}</p>
				</li>
			))}
		</ul>
	)
}

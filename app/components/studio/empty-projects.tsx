import { Link } from '@remix-run/react'
import { Building2, Plus } from 'lucide-react'
import type { MouseEvent } from 'react'
import { buttonClasses } from '#app/components/ui/button.tsx'

export function EmptyProjects({ onNewProperty }: { onNewProperty: (event: MouseEvent) => void }) {
	return (
		<div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-gray-300 bg-muted px-6 py-14 text-center">
			<div className="flex size-14 items-center justify-center rounded-full bg-white text-brand shadow-sm">
				<Building2 aria-hidden className="size-7" />
			</div>
			<div className="flex flex-col gap-1">
				<h2 className="text-lg font-semibold text-gray-900">No Properties Yet</h2>
				<p className="max-w-sm text-sm text-muted-foreground">
					Create your first property, upload its room photos and get staged styles to show buyers.
				</p>
			</div>
			<Link to="?new" preventScrollReset onClick={onNewProperty} className={buttonClasses({ size: 'lg' })}>
				<Plus aria-hidden className="size-5" />
				New Property
			</Link>
		</div>
	)
}

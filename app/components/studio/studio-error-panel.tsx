import { Link } from '@remix-run/react'
import { ArrowLeft, CircleAlert, RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClasses } from '#app/components/ui/button.tsx'

/** A whole-screen error for the studio, with a way out that fits the place it happened. */
export function StudioErrorPanel({
	title,
	children,
	action,
}: {
	title: string
	children: ReactNode
	action?: ReactNode
}) {
	return (
		<div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
			<div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-destructive">
				<CircleAlert aria-hidden className="size-7" />
			</div>
			<h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
			<div className="text-muted-foreground">{children}</div>
			{action ?? (
				<Link to="." reloadDocument className={buttonClasses()}>
					<RefreshCw aria-hidden className="size-4" />
					Try Again
				</Link>
			)}
		</div>
	)
}

/** A property that does not exist or is someone else's: the way out is back to the studio. */
export function PropertyNotFoundPanel() {
	return (
		<StudioErrorPanel
			title="Property Not Found"
			action={
				<Link to="/property-studio" className={buttonClasses()}>
					<ArrowLeft aria-hidden className="size-4" />
					Back to Studio
				</Link>
			}
		>
			<p>This property does not exist or is not one of yours.</p>
		</StudioErrorPanel>
	)
}

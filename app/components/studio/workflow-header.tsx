import { Link } from '@remix-run/react'
import { ArrowLeft, Calendar, Images } from 'lucide-react'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import type { ProjectView } from '#core/studio/views.ts'
import { formatShortDate } from './labels.ts'
import { ProgressBar } from './progress-bar.tsx'
import { STEP_TITLES, stepHref, stepNumber, stepPercent, WORKFLOW_STEPS, type WorkflowStep } from './workflow-steps.ts'

export function WorkflowHeader({
	project,
	step,
}: {
	project: Pick<ProjectView, 'propertyAddress' | 'createdAt'>
	step: WorkflowStep
}) {
	const number = stepNumber(step)
	const percent = stepPercent(step)
	const stepText = `Step ${number} of ${WORKFLOW_STEPS.length}`
	return (
		<header className="flex flex-col gap-4">
			<div className="flex items-center justify-between gap-2">
				<Link to="/property-studio" className={cn(buttonClasses({ variant: 'ghost' }), '-ml-3')}>
					<ArrowLeft aria-hidden className="size-4" />
					Back to Studio
				</Link>
				<Link
					to={stepHref('results')}
					className={buttonClasses({ variant: 'outline' })}
					aria-current={step === 'results' ? 'step' : undefined}
				>
					<Images aria-hidden className="size-4" />
					View Gallery
				</Link>
			</div>
			<div className="flex flex-col gap-1">
				<h1 className="text-2xl font-bold tracking-tight break-words text-gray-900 sm:text-3xl">
					{project.propertyAddress || 'Loading Property...'}
				</h1>
				<p className="flex items-center gap-2 text-sm text-muted-foreground">
					<Calendar aria-hidden className="size-4" />
					<span>
						Created{' '}
						{project.createdAt ? (
							<time dateTime={project.createdAt}>{formatShortDate(project.createdAt)}</time>
						) : (
							'Unknown'
						)}
					</span>
				</p>
			</div>
			<div className="flex flex-col gap-2">
				<div className="flex items-baseline justify-between gap-3 text-sm">
					<span className="font-medium text-gray-900">
						{stepText}
						<span className="text-muted-foreground"> · {STEP_TITLES[step]}</span>
					</span>
					<span className="font-medium text-gray-900 tabular-nums">{percent}%</span>
				</div>
				<ProgressBar value={percent} label="Workflow progress" valueText={`${stepText}, ${percent}%`} />
			</div>
		</header>
	)
}

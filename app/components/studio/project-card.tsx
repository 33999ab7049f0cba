import { Link } from '@remix-run/react'
import { Calendar, ChevronRight, Download, Lock, MapPin, User } from 'lucide-react'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { PROJECT_STATUS_LABELS } from '#core/studio/labels.ts'
import type { ProjectView } from '#core/studio/views.ts'
import { formatShortDate } from './labels.ts'
import { ProgressBar } from './progress-bar.tsx'

const badgeColours: Record<ProjectView['status'], string> = {
	active: 'bg-blue-100 text-blue-900',
	completed: 'bg-green-100 text-green-900',
	archived: 'bg-gray-200 text-gray-700',
}

function StatusBadge({ status }: { status: ProjectView['status'] }) {
	const known = status in badgeColours ? status : 'active'
	return (
		<span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', badgeColours[known])}>
			{PROJECT_STATUS_LABELS[known]}
		</span>
	)
}

function ProjectSummary({ project }: { project: ProjectView }) {
	const rooms = `${project.completedRooms}/${project.totalRooms} rooms`
	return (
		<div className="flex flex-col gap-3">
			<div className="flex items-start justify-between gap-3">
				<h2 className="flex min-w-0 items-start gap-2 font-semibold text-gray-900">
					<MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
					<span className="break-words">{project.propertyAddress}</span>
				</h2>
				<StatusBadge status={project.status} />
			</div>
			{project.clientName ? (
				<p className="flex items-center gap-2 text-sm text-muted-foreground">
					<User aria-hidden className="size-4 shrink-0" />
					<span className="sr-only">Client: </span>
					{project.clientName}
				</p>
			) : null}
			<div className="flex flex-col gap-1.5">
				<div className="flex justify-between text-sm">
					<span className="text-muted-foreground">Progress</span>
					<span className="font-medium text-gray-900 tabular-nums">{rooms}</span>
				</div>
				<ProgressBar
					value={project.completedRooms}
					max={project.totalRooms}
					label="Rooms completed"
					valueText={rooms}
					tone={project.status === 'completed' ? 'success' : 'brand'}
				/>
			</div>
			<p className="flex items-center gap-2 text-sm text-muted-foreground">
				<Calendar aria-hidden className="size-4 shrink-0" />
				<span>
					Created <time dateTime={project.createdAt}>{formatShortDate(project.createdAt)}</time>
				</span>
			</p>
		</div>
	)
}

const cardClasses = 'flex h-full flex-col gap-4 rounded-xl border bg-white p-4 shadow-sm sm:p-5'

/** A completed project is closed (spec 02 §4): no way back into its workflow, only its downloads. */
function ClosedProjectCard({ project }: { project: ProjectView }) {
	return (
		<article className={cn(cardClasses, 'border-green-200')}>
			<ProjectSummary project={project} />
			<div className="mt-auto flex flex-col gap-3 border-t border-gray-100 pt-3">
				<p className="flex items-center gap-2 text-sm font-medium text-green-900">
					<Lock aria-hidden className="size-4 shrink-0" />
					Project Complete - Workflow Closed
				</p>
				<Link to={`/property-studio/${project.id}/downloads`} className={buttonClasses({ variant: 'outline' })}>
					<Download aria-hidden className="size-4" />
					Access Downloads
				</Link>
			</div>
		</article>
	)
}

function OpenProjectCard({ project }: { project: ProjectView }) {
	return (
		<Link
			to={`/property-studio/${project.id}`}
			prefetch="intent"
			className={cn(cardClasses, 'group border-gray-200 transition hover:border-accent hover:shadow-md')}
		>
			<ProjectSummary project={project} />
			<span className="mt-auto flex items-center justify-end gap-1 text-sm font-medium text-accent">
				Open project
				<ChevronRight aria-hidden className="size-4 transition group-hover:translate-x-0.5" />
			</span>
		</Link>
	)
}

export function ProjectCard({ project }: { project: ProjectView }) {
	return project.status === 'completed' ? (
		<ClosedProjectCard project={project} />
	) : (
		<OpenProjectCard project={project} />
	)
}

import { CircleAlert, CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react'
import { cn } from '#app/utils/cn.ts'
import type { AlertType } from '#core/ops/capacity.ts'

export type OpsAlert = { type: AlertType; title?: string; message: string; action: string }

// error and critical are destructive (spec 02 §8)
const STYLES: Record<AlertType, { box: string; icon: LucideIcon }> = {
	critical: { box: 'border-red-300 bg-red-50 text-red-900', icon: CircleAlert },
	error: { box: 'border-red-300 bg-red-50 text-red-900', icon: CircleAlert },
	warning: { box: 'border-yellow-300 bg-yellow-50 text-yellow-900', icon: TriangleAlert },
	success: { box: 'border-green-300 bg-green-50 text-green-900', icon: CircleCheck },
	info: { box: 'border-blue-200 bg-blue-50 text-blue-900', icon: Info },
}

export function AlertsPanel({ alerts }: { alerts: OpsAlert[] }) {
	if (!alerts.length) return null
	return (
		<section aria-label="Alerts" className="flex flex-col gap-2">
			{alerts.map((alert) => {
				const style = STYLES[alert.type]
				const Icon = style.icon
				return (
					<div
						key={`${alert.type}:${alert.title ?? ''}:${alert.message}`}
						role={alert.type === 'critical' || alert.type === 'error' ? 'alert' : 'status'}
						className={cn('flex items-start gap-3 rounded-lg border p-3 text-sm', style.box)}
					>
						<Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
						<div className="flex flex-col gap-0.5">
							<p className="font-semibold">
								{alert.title ? `${alert.title}: ` : ''}
								{alert.message}
							</p>
							<p>Action: {alert.action}</p>
						</div>
					</div>
				)
			})}
		</section>
	)
}

import { propertyStudioUsageEvents } from '#db/schema/studio.ts'
import type { Tx } from '#core/platform/db.ts'

/**
 * Event types of property_studio_usage_events written by checkout and downloads; the operations
 * dashboard counts them (completions carry billingAmount in pence, downloads none).
 */
export const USAGE_EVENTS = {
	projectCompleted: 'project_completed',
	finalDownload: 'final_download',
} as const
export type UsageEventType = (typeof USAGE_EVENTS)[keyof typeof USAGE_EVENTS]

export async function recordUsageEvent(
	tx: Tx,
	event: {
		projectId: string
		userId: string
		eventType: UsageEventType
		eventData?: Record<string, unknown>
		billingAmount?: number
	},
) {
	await tx.insert(propertyStudioUsageEvents).values(event)
}

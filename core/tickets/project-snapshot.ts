import { and, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import { agentInvoiceLineItems } from '#db/schema/billing.ts'
import { propertyStudioRooms, propertyStudioVariations, type PropertyStudioProject } from '#db/schema/studio.ts'
import type { Tx } from '#core/platform/db.ts'
import { STUCK_AFTER_MINUTES, type ProjectState } from './priority.ts'

const RECENT_ERRORS = 5

/**
 * What support needs to see about a reported project, read server-side at report time (the
 * reporter's browser is not trusted to say it): status, render counts and the latest errors from
 * both the failed variations and the job queue.
 */
export async function projectSnapshot(tx: Tx, project: PropertyStudioProject) {
	const rooms = await tx
		.select({ id: propertyStudioRooms.id })
		.from(propertyStudioRooms)
		.where(eq(propertyStudioRooms.projectId, project.id))
	const roomIds = rooms.map((r) => r.id)
	const stuckBefore = new Date(Date.now() - STUCK_AFTER_MINUTES * 60_000)

	const [renders, stuck, variationErrors, jobErrors, invoiced] = roomIds.length
		? await Promise.all([
				tx
					.select({ status: propertyStudioVariations.status, n: count() })
					.from(propertyStudioVariations)
					.where(inArray(propertyStudioVariations.roomId, roomIds))
					.groupBy(propertyStudioVariations.status),
				tx
					.select({ n: count() })
					.from(propertyStudioVariations)
					.where(
						and(
							inArray(propertyStudioVariations.roomId, roomIds),
							eq(propertyStudioVariations.status, 'pending'),
							lt(propertyStudioVariations.createdAt, stuckBefore),
						),
					),
				tx
					.select({
						style: propertyStudioVariations.style,
						message: propertyStudioVariations.errorMessage,
						at: propertyStudioVariations.createdAt,
					})
					.from(propertyStudioVariations)
					.where(
						and(inArray(propertyStudioVariations.roomId, roomIds), isNotNull(propertyStudioVariations.errorMessage)),
					)
					.orderBy(desc(propertyStudioVariations.createdAt))
					.limit(RECENT_ERRORS),
				// render jobs are keyed render:<roomId>:<style>:<generation> (core/studio/process-room.ts)
				tx.execute<{ task: string; attempts: number; last_error: string; updated_at: string }>(sql`
					select task_identifier as task, attempts, last_error, updated_at
					from graphile_worker.jobs
					where last_error is not null and split_part(key, ':', 2) = any(${sql.param(roomIds)}::text[])
					order by updated_at desc limit ${RECENT_ERRORS}`),
				invoicedProject(tx, project.id),
			])
		: [[], [{ n: 0 }], [], { rows: [] }, await invoicedProject(tx, project.id)]

	const rendersByStatus = Object.fromEntries(renders.map((r) => [r.status, r.n]))
	const state: ProjectState = {
		paid: project.status === 'completed' || invoiced,
		hasFailedRenders: (rendersByStatus.failed ?? 0) > 0,
		stuck: stuck[0].n > 0,
	}
	const details = {
		projectStatus: project.status,
		propertyAddress: project.propertyAddress,
		totalRooms: project.totalRooms,
		completedRooms: project.completedRooms,
		renders: rendersByStatus,
		stuckRenders: stuck[0].n,
		paid: state.paid,
		lastRenderErrors: variationErrors.map((e) => ({ style: e.style, message: e.message, at: e.at.toISOString() })),
		lastJobErrors: jobErrors.rows.map((j) => ({
			task: j.task,
			attempts: j.attempts,
			error: j.last_error,
			at: new Date(j.updated_at).toISOString(),
		})),
	}
	return { state, details }
}

async function invoicedProject(tx: Tx, projectId: string) {
	const [line] = await tx
		.select({ id: agentInvoiceLineItems.id })
		.from(agentInvoiceLineItems)
		.where(eq(agentInvoiceLineItems.projectId, projectId))
		.limit(1)
	return !!line
}

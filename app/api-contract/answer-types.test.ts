import { expectTypeOf, test } from 'vitest'
import type { z } from 'zod'
import type { LogoState } from '#core/accounts/logo.ts'
import type { AgentBrochure } from '#core/brochures/agent-brochures.ts'
import type { CapacityAnalysis, capacityAutomation } from '#core/ops/capacity.ts'
import type { OpsDashboard } from '#core/ops/dashboard.ts'
import type { projectWithOriginals } from '#core/disclosure/originals-links.ts'
import type { DownloadAsset } from '#core/studio/downloads.ts'
import type { ProjectView, RoomView, VariationView } from '#core/studio/views.ts'
import type { reportIssue, TicketCommentView, TicketView, ticketStats } from '#core/tickets/tickets.ts'
import type { TransformationView } from '#core/transformations/views.ts'
import type * as A from './answers.ts'

/**
 * Core's views against the answer schemas, checked by the compiler (`tsc --noEmit`): a field added,
 * dropped or retyped on one side and not the other fails here before any request is made. Times
 * are ISO strings in the views too, so the JSON and the view have one type.
 */
type Json<S extends z.ZodTypeAny> = z.infer<S>
// biome-ignore lint/suspicious/noExplicitAny: any service signature
type Answer<F extends (...args: any[]) => Promise<unknown>> = Awaited<ReturnType<F>>

test('core views and the answer schemas have the same types', () => {
	expectTypeOf<ProjectView>().toEqualTypeOf<Json<typeof A.Project>>()
	expectTypeOf<Answer<typeof projectWithOriginals>>().toEqualTypeOf<Json<typeof A.ProjectWithOriginals>>()
	expectTypeOf<RoomView>().toEqualTypeOf<Json<typeof A.Room>>()
	expectTypeOf<VariationView>().toEqualTypeOf<Json<typeof A.Variation>>()
	expectTypeOf<DownloadAsset>().toEqualTypeOf<Json<typeof A.DownloadAsset>>()
	expectTypeOf<TicketCommentView>().toEqualTypeOf<Json<typeof A.TicketComment>>()
	// issueType is text in the row and the view; the schema names the values the report form allows
	expectTypeOf<TicketView>().toEqualTypeOf<{
		[K in keyof Json<typeof A.Ticket>]: K extends 'issueType' ? string : Json<typeof A.Ticket>[K]
	}>()
	expectTypeOf<TransformationView>().toEqualTypeOf<Json<typeof A.Transformation>>()
	expectTypeOf<AgentBrochure>().toEqualTypeOf<Json<typeof A.AgentBrochure>>()
	expectTypeOf<LogoState>().toEqualTypeOf<Json<typeof A.LogoState>>()
	expectTypeOf<CapacityAnalysis>().toEqualTypeOf<Json<typeof A.CapacityAnalysis>>()
	expectTypeOf<Answer<typeof capacityAutomation>>().toEqualTypeOf<Json<typeof A.CapacityAutomation>>()
	expectTypeOf<OpsDashboard>().toEqualTypeOf<Json<typeof A.OpsDashboard>>()
	expectTypeOf<Answer<typeof ticketStats>>().toEqualTypeOf<Json<typeof A.TicketStats>>()
	expectTypeOf<Answer<typeof reportIssue>>().toEqualTypeOf<Json<typeof A.TicketReported>>()
})

import { buffer } from 'node:stream/consumers'
import { and, eq, isNull } from 'drizzle-orm'
import { tryItFreeLeads, type TryItFreeLead } from '#db/schema/leads.ts'
import { ROOM_TYPES, STYLES, type RoomType, type Style } from '#core/render/provider.ts'
import type { PurposeHandler } from '#core/staging/purpose.ts'
import { madeByPreview } from '#core/staging/made-by-preview.ts'
import { requestStaging } from '#core/staging/request.ts'
import { z } from 'zod'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'
import { mailer } from '#core/platform/mail.ts'
import { storage } from '#core/platform/storage.ts'
import { queueTrialJob, type RenderTrialJob } from './start-trial.ts'
import { trialImageKeys } from './trial-image.ts'
import { trialReadyMail } from './trial-mail.ts'

/** The free trial's room types in the renderer's (the studio's) vocabulary. */
const RENDER_ROOM_TYPES: Record<string, string> = {
	living_room: 'living',
	home_office: 'office',
	dining_room: 'dining',
}

function styleOf(lead: TryItFreeLead): Style {
	return STYLES.includes(lead.style as Style) ? (lead.style as Style) : 'standard'
}

function roomTypeOf(lead: TryItFreeLead): RoomType {
	const roomType = RENDER_ROOM_TYPES[lead.roomType ?? ''] ?? lead.roomType
	return ROOM_TYPES.includes(roomType as RoomType) ? (roomType as RoomType) : 'living'
}

const TrialSubject = z.object({ leadId: z.string().uuid() })

/**
 * Where a trial's staged photo lands: stored, the lead completed, and the render_trial job queued
 * again to e-mail it. A render that fails for good marks the lead failed.
 */
export const trialPurpose: PurposeHandler = {
	async deliver(request, [image]) {
		const { leadId } = TrialSubject.parse(request.subject)
		const key = trialImageKeys(leadId).staged
		await storage().put(key, image.image, { contentType: 'image/jpeg' })
		await db.transaction(async (tx) => {
			const [done] = await tx
				.update(tryItFreeLeads)
				.set({ status: 'completed', transformedImageUrl: key, completedAt: new Date() })
				.where(and(eq(tryItFreeLeads.id, leadId), isNull(tryItFreeLeads.completedAt)))
				.returning()
			if (done) await queueTrialJob(tx, leadId)
		})
	},
	async fail(request, message) {
		const { leadId } = TrialSubject.parse(request.subject)
		logger.error({ leadId, message }, 'free trial render failed')
		await db.update(tryItFreeLeads).set({ status: 'failed' }).where(eq(tryItFreeLeads.id, leadId))
	},
}

async function mailResult(lead: TryItFreeLead, image: Buffer) {
	const { appUrl } = config()
	const message = trialReadyMail({
		name: lead.name,
		roomType: lead.roomType,
		style: lead.style,
		link: `${appUrl}/trial/${lead.uniqueToken}`,
		signUpLink: `${appUrl}/register`,
		isPreview: (await madeByPreview([trialSubjectKey(lead.id)])).size > 0,
	})
	await mailer().send({
		to: lead.email,
		...message,
		attachments: [{ filename: 'rendo-staged.jpg', content: image, contentType: 'image/jpeg' }],
	})
	await db.update(tryItFreeLeads).set({ emailSentAt: new Date() }).where(eq(tryItFreeLeads.id, lead.id))
}

const trialSubjectKey = (leadId: string) => `trial:${leadId}`

async function readStaged(lead: TryItFreeLead) {
	const stored = lead.transformedImageUrl && (await storage().get(lead.transformedImageUrl))
	if (!stored) throw new Error(`The staged photo of trial ${lead.id} is missing`)
	return { lead, image: await buffer(stored.body) }
}

/**
 * The render_trial job: asks for one staged variation of the lead's original in the chosen style,
 * and once the staging pipeline has delivered it (trialPurpose queues this job again), e-mails
 * the visitor. Each step records its end (completedAt, emailSentAt), so a retry does only what is left.
 */
export async function renderTrial(job: RenderTrialJob) {
	const [lead] = await db.select().from(tryItFreeLeads).where(eq(tryItFreeLeads.id, job.leadId))
	if (!lead || lead.status === 'failed' || lead.emailSentAt) return
	if (lead.completedAt) return await mailResult(lead, (await readStaged(lead)).image)
	if (!lead.originalImageUrl) throw new Error(`Trial ${lead.id} has no original photo`)
	await db.transaction((tx) =>
		requestStaging(tx, {
			purpose: 'trial',
			subject: { leadId: lead.id },
			subjectKey: trialSubjectKey(lead.id),
			originalKey: lead.originalImageUrl!,
			roomType: roomTypeOf(lead),
			style: styleOf(lead),
			removeFurniture: lead.requiresDeclutter,
			count: 1,
		}),
	)
}

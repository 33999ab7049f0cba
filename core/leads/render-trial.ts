import { buffer } from 'node:stream/consumers'
import { and, eq, isNull } from 'drizzle-orm'
import { tryItFreeLeads, type TryItFreeLead } from '#db/schema/leads.ts'
import { STYLES, RenderError, type Style } from '#core/render/renderer.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'
import { mailer } from '#core/platform/mail.ts'
import { renderer } from '#core/platform/renderer.ts'
import { storage } from '#core/platform/storage.ts'
import type { RenderTrialJob } from './start-trial.ts'
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

async function renderStaged(lead: TryItFreeLead) {
	const original = lead.originalImageUrl && (await storage().get(lead.originalImageUrl))
	if (!original) throw new RenderError('The original photo is missing', false)
	const output = await renderer().render({
		image: await buffer(original.body),
		roomType: RENDER_ROOM_TYPES[lead.roomType ?? ''] ?? lead.roomType ?? 'living',
		style: styleOf(lead),
		hasFurniture: lead.requiresDeclutter,
		variationIndex: 0,
	})
	const key = trialImageKeys(lead.id).staged
	await storage().put(key, output.image, { contentType: 'image/jpeg' })
	const [done] = await db
		.update(tryItFreeLeads)
		.set({ status: 'completed', transformedImageUrl: key, completedAt: new Date() })
		.where(and(eq(tryItFreeLeads.id, lead.id), isNull(tryItFreeLeads.completedAt)))
		.returning()
	return { lead: done ?? lead, image: output.image }
}

async function mailResult(lead: TryItFreeLead, image: Buffer) {
	const { appUrl } = config()
	const message = trialReadyMail({
		name: lead.name,
		roomType: lead.roomType,
		style: lead.style,
		link: `${appUrl}/trial/${lead.uniqueToken}`,
		signUpLink: `${appUrl}/register`,
	})
	await mailer().send({
		to: lead.email,
		...message,
		attachments: [{ filename: 'rendo-staged.jpg', content: image, contentType: 'image/jpeg' }],
	})
	await db.update(tryItFreeLeads).set({ emailSentAt: new Date() }).where(eq(tryItFreeLeads.id, lead.id))
}

async function readStaged(lead: TryItFreeLead) {
	const stored = lead.transformedImageUrl && (await storage().get(lead.transformedImageUrl))
	if (!stored) throw new Error(`The staged photo of trial ${lead.id} is missing`)
	return { lead, image: await buffer(stored.body) }
}

/**
 * The render_trial job: renders one variation of the lead's original in the chosen style, stores it,
 * then e-mails the visitor. Each step records its end (completedAt, emailSentAt), so a retry after a
 * crash or a mail failure does only what is left. A provider's final answer, or the last attempt of
 * the render, marks the lead failed.
 */
export async function renderTrial(job: RenderTrialJob, attempt: { attempts: number; maxAttempts: number }) {
	const [lead] = await db.select().from(tryItFreeLeads).where(eq(tryItFreeLeads.id, job.leadId))
	if (!lead || lead.status === 'failed' || lead.emailSentAt) return
	let staged: { lead: TryItFreeLead; image: Buffer }
	try {
		staged = lead.completedAt ? await readStaged(lead) : await renderStaged(lead)
	} catch (error) {
		const final = (error instanceof RenderError && !error.retryable) || attempt.attempts >= attempt.maxAttempts
		if (!final) throw error
		logger.error({ leadId: lead.id, err: error }, 'free trial render failed')
		await db.update(tryItFreeLeads).set({ status: 'failed' }).where(eq(tryItFreeLeads.id, lead.id))
		return
	}
	await mailResult(staged.lead, staged.image)
}

import { eq } from 'drizzle-orm'
import { propertyBrochures } from '#db/schema/brochures.ts'
import { emailEvents, properties, rendoProjects } from '#db/schema/properties.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { brandName } from '#core/accounts/brand-name.ts'
import { buyerBrandFor, mailLogo } from '#core/accounts/buyer-brand.ts'
import { countHourlyUse } from '#core/accounts/rate-limit.ts'
import { InputError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { mailer } from '#core/platform/mail.ts'
import { parseInput } from '#core/validate.ts'
import { brochureDownloadPath, ownedBrochure } from './agent-brochures.ts'
import { brochureEmail, brochureEmailSubject, MAIL_LOGO_CID } from './brochure-email.ts'
import { SendBrochureSchema } from './brochure.schema.ts'
import { BROCHURE_EMAIL_TASK, BROCHURE_MAX_ATTEMPTS } from './jobs.ts'
import { styleLabel } from '#core/studio/labels.ts'

export const NOT_READY = 'The brochure is still being prepared'
// Each send is an e-mail to an address the agent types: a cap keeps a stolen session from spamming.
const SENDS_PER_HOUR = 50

/**
 * POST /api/brochures/{id}/send-email: only the brochure's agent, only once it is built. Records
 * the buyer on the brochure and an email_events row (its id is the tracking key of the link and
 * the pixel) and queues the e-mail, all in one transaction.
 */
export async function sendBrochure(actor: Actor, brochureId: string, input: unknown) {
	const { buyerEmail, buyerName, personalMessage } = parseInput(SendBrochureSchema, input)
	return db.transaction(async (tx) => {
		const { brochure, property, project } = await ownedBrochure(tx, actor, brochureId, { forUpdate: true })
		if (!brochure.generatedAt || !project) throw new InputError({}, NOT_READY)
		await countHourlyUse(`brochure-send:${property.userId}`, SENDS_PER_HOUR, 'brochures sent')

		await tx.update(propertyBrochures).set({ buyerName, buyerEmail }).where(eq(propertyBrochures.id, brochure.id))
		const sender = brandName(await buyerBrandFor(property.userId!))
		const [event] = await tx
			.insert(emailEvents)
			.values({
				rendoProjectId: project.id,
				recipientEmail: buyerEmail,
				subject: brochureEmailSubject(sender, property.address),
			})
			.returning()
		await addJob(
			tx,
			BROCHURE_EMAIL_TASK,
			{ emailEventId: event.id, personalMessage },
			{ jobKey: `brochure-email:${event.id}`, maxAttempts: BROCHURE_MAX_ATTEMPTS },
		)
		return { success: true as const, message: `Brochure sent to ${buyerName}`, emailEventId: event.id }
	})
}

/**
 * The brochure_email job: composes the branded e-mail with the tracked link and pixel and hands
 * it to the mail service. An event already sent is not sent again.
 */
export async function deliverBrochureEmail(job: { emailEventId: string; personalMessage?: string }) {
	const [row] = await db
		.select({ event: emailEvents, brochure: propertyBrochures, property: properties })
		.from(emailEvents)
		.innerJoin(rendoProjects, eq(rendoProjects.id, emailEvents.rendoProjectId))
		.innerJoin(propertyBrochures, eq(propertyBrochures.transformationId, rendoProjects.transformationId))
		.innerJoin(properties, eq(properties.id, propertyBrochures.propertyId))
		.where(eq(emailEvents.id, job.emailEventId))
	if (!row || row.event.sentAt) return
	const { event, brochure, property } = row
	const [brand, logo] = await Promise.all([buyerBrandFor(property.userId!), mailLogo(property.userId!)])
	const base = `${config().appUrl}${brochureDownloadPath(brochure.uniqueToken)}`
	const mail = brochureEmail({
		brand,
		hasLogo: !!logo,
		buyerName: brochure.buyerName ?? 'there',
		address: property.address,
		styleLabel: styleLabel(brochure.stylePreference ?? 'standard'),
		personalMessage: job.personalMessage,
		link: `${base}?e=${event.id}`,
		pixel: `${base}/open?e=${event.id}`,
	})
	// The buyer is invited to reply: the reply goes to the agent. From stays ours, so the mail
	// passes SPF and DMARC for the domain that sends it.
	const replyTo = brand.email ? { name: brand.agentName, address: brand.email } : undefined
	// The logo travels inside the message: it shows where a mail client holds back images from the web.
	const attachments = logo
		? [{ filename: 'logo.png', content: logo, contentType: 'image/png', cid: MAIL_LOGO_CID }]
		: []
	await mailer().send({ to: event.recipientEmail, replyTo, ...mail, attachments })
	await db.update(emailEvents).set({ sentAt: new Date() }).where(eq(emailEvents.id, event.id))
}

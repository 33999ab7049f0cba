import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { propertyStudioDownloadAssets as assets } from '#db/schema/downloads.ts'
import { users } from '#db/schema/accounts.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { currentWindow, hit } from '#core/accounts/rate-limit.ts'
import { ForbiddenError, RateLimitError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { parseInput } from '#core/validate.ts'
import { ownedProject } from './access.ts'
import { assertFinalImagesReady, NOT_YOUR_IMAGES } from './downloads.ts'
import { EmailFinalImagesSchema } from './downloads.schema.ts'
import { SHARED_LINK_DAYS, shareToken } from './shared-links.ts'

// A completed project's images go to its client, maybe a colleague: this leaves room for that
// and stops an account from being used to send mail in bulk.
const EMAILS_PER_HOUR = 20

const escapeHtml = (text: string) =>
	text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function message(sender: string, address: string, links: Array<{ fileName: string; url: string }>, expiresAt: Date) {
	const until = expiresAt.toLocaleDateString('en-GB', {
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone: 'Europe/London',
	})
	const subject = `Your staged images of ${address}`
	const text = [
		'Hello,',
		'',
		`${sender} has sent you ${links.length} staged image${links.length === 1 ? '' : 's'} of ${address}:`,
		'',
		...links.map((l) => `${l.fileName}\n${l.url}`),
		'',
		`The links open until ${until}.`,
		'',
		'Sent with Rendo',
	].join('\n')
	const html = `<p>Hello,</p>
<p>${escapeHtml(sender)} has sent you ${links.length} staged image${links.length === 1 ? '' : 's'} of ${escapeHtml(address)}:</p>
<ul>${links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.fileName)}</a></li>`).join('')}</ul>
<p>The links open until ${until}.</p>
<p>Sent with Rendo</p>`
	return { subject, text, html }
}

/**
 * POST /api/property-studio/email-final-images: e-mails links to chosen final images of the
 * actor's completed project. The recipient has no account, so each link carries a signed,
 * expiring token; the mail itself goes out from the job queue.
 */
export async function emailFinalImages(actor: Actor, input: unknown) {
	const { userId } = requireUser(actor)
	const { projectId, variationIds, recipientEmail } = parseInput(EmailFinalImagesSchema, input)
	const project = await ownedProject(db, actor, projectId)
	await assertFinalImagesReady(project)
	const ids = [...new Set(variationIds)]
	const rows = await db
		.select({ id: assets.variationId, fileName: assets.fileName })
		.from(assets)
		.where(and(eq(assets.projectId, project.id), inArray(assets.variationId, ids)))
	if (rows.length !== ids.length) throw new ForbiddenError(NOT_YOUR_IMAGES)

	const window = currentWindow(60 * 60_000)
	if ((await hit(`email-final-images:${userId}`, window)) > EMAILS_PER_HOUR)
		throw new RateLimitError('Too many emails sent: please try again later', window.secondsLeft)

	const [user] = await db
		.select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
		.from(users)
		.where(eq(users.id, userId))
	const sender = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email || 'Your agent'
	const expiresAt = new Date(Date.now() + SHARED_LINK_DAYS * 24 * 60 * 60 * 1000)
	const links = rows.map((row) => ({
		fileName: row.fileName,
		url: `${config().appUrl}/shared-images/${shareToken(row.id, expiresAt)}`,
	}))
	// A key of its own, as every mail's job has one (worker/waits-out-mail.ts).
	await addJob(
		db,
		'send_mail',
		{ to: recipientEmail, ...message(sender, project.propertyAddress, links, expiresAt) },
		{ jobKey: `final-images-mail:${randomUUID()}` },
	)
	return { success: true as const, sent: links.length, recipientEmail, expiresAt: expiresAt.toISOString() }
}

import { randomBytes, randomUUID } from 'node:crypto'
import { z } from 'zod'
import { tryItFreeLeads } from '#db/schema/leads.ts'
import { currentWindow, hit } from '#core/accounts/rate-limit.ts'
import { InputError, RateLimitError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { storage } from '#core/platform/storage.ts'
import { encodeOriginal, inspectTrialImage, trialImageKeys } from './trial-image.ts'
import { TRIAL_MESSAGES, TrialFieldsSchema } from './trial.schema.ts'

export const RENDER_TRIAL_TASK = 'render_trial'
/** A provider's passing fault (5xx, timeout) or a mail server's hiccup gets two more tries. */
export const RENDER_TRIAL_MAX_ATTEMPTS = 3
export const RenderTrialJobSchema = z.object({ leadId: z.string().uuid() })
export type RenderTrialJob = z.infer<typeof RenderTrialJobSchema>

/** The trial's job: first it asks for the staging, then (queued again on delivery) it sends the e-mail. */
export async function queueTrialJob(tx: Tx, leadId: string) {
	await addJob(tx, RENDER_TRIAL_TASK, { leadId } satisfies RenderTrialJob, {
		jobKey: `trial:${leadId}`,
		maxAttempts: RENDER_TRIAL_MAX_ATTEMPTS,
	})
}

/** The second trial for an address (the web door answers 409). */
export class TrialAlreadyUsedError extends Error {
	name = 'TrialAlreadyUsedError'
	constructor() {
		super(TRIAL_MESSAGES.alreadyUsed)
	}
}

/**
 * Counts one submission from a client address in this hour; over the limit is a RateLimitError.
 * The door calls it before reading the body, so a flood costs one upsert per request.
 */
export async function countTrialSubmission(address: string) {
	const { perAddress, windowMs } = config().trialLimits
	const window = currentWindow(windowMs)
	if ((await hit(`trial:address:${address}`, window)) <= perAddress) return
	const minutes = Math.max(1, Math.ceil(window.secondsLeft / 60))
	throw new RateLimitError(
		`Too many free-trial requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
		window.secondsLeft,
	)
}

/** 32 hex digits from 16 random bytes: the lead's public link, unguessable. */
function newToken() {
	return randomBytes(16).toString('hex')
}

/**
 * A visitor's free trial: checks the fields in the spec's order, then the image by its header, then
 * in one transaction inserts the lead (the unique index on lower(email) decides a duplicate, also
 * between simultaneous submissions), stores the original and queues the render. Any failure leaves
 * no row, no object and no job.
 */
export async function startTrial(input: unknown, file: { path: string } | null) {
	const parsed = TrialFieldsSchema.safeParse(input)
	const fieldErrors = parsed.success ? {} : (parsed.error.flatten().fieldErrors as Record<string, string[]>)
	if (!file) fieldErrors.image = [TRIAL_MESSAGES.imageMissing]
	if (!parsed.success || !file) throw new InputError(fieldErrors)
	await inspectTrialImage(file.path)
	const original = await encodeOriginal(file.path)

	const fields = parsed.data
	const leadId = randomUUID()
	const keys = trialImageKeys(leadId)
	try {
		return await db.transaction(async (tx) => {
			const [lead] = await tx
				.insert(tryItFreeLeads)
				.values({
					id: leadId,
					name: fields.name,
					email: fields.email,
					roomType: fields.roomType,
					style: fields.style,
					requiresDeclutter: fields.requiresDeclutter,
					originalImageUrl: keys.original,
					uniqueToken: newToken(),
				})
				.onConflictDoNothing()
				.returning({ id: tryItFreeLeads.id, email: tryItFreeLeads.email })
			if (!lead) throw new TrialAlreadyUsedError()
			// Written inside the transaction: a duplicate never writes a file, a failed write leaves no row.
			await storage().put(keys.original, original, { contentType: 'image/jpeg' })
			await queueTrialJob(tx, leadId)
			return lead
		})
	} catch (error) {
		// The object may exist if the commit itself failed.
		if (!(error instanceof TrialAlreadyUsedError)) await storage().delete(keys.original)
		throw error
	}
}

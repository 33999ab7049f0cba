import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm'
import type Stripe from 'stripe'
import {
	propertySessionCompletions,
	propertyStudioProjects,
	propertyStudioRooms,
	propertyStudioVariations,
} from '#db/schema/studio.ts'
import { requireUser, systemActor, type Actor } from '#core/accounts/actor.ts'
import { hasLogo } from '#core/accounts/logo.ts'
import { CheckoutChoiceSchema, type CheckoutChoice } from '#core/billing/checkout.schema.ts'
import { findCheckout } from '#core/billing/checkouts.ts'
import { chargeCompletion, type CompletionPayment } from '#core/billing/completion-charge.ts'
import { isPaidInFull, stripe, stripeSettings } from '#core/billing/stripe.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { logger } from '#core/platform/logger.ts'
import { parseInput } from '#core/validate.ts'
import { assertOpen, ownedProject } from './access.ts'
import { CLEANUP_TASK, type CleanupJob } from './cleanup.ts'
import { notSetAside } from './set-aside.ts'
import { projectView } from './views.ts'

export const NO_FAVOURITES = 'Select at least one favourite to keep'
export const ONLY_FAVOURITES = 'Only favourited images can be kept'
export const LOGO_NEEDED = 'Upload your logo to brand your images'
export const PAYMENT_REQUIRED = 'Payment has not been received for this project'

/** Completing a project that is already complete: the web answers 409. */
export class ProjectAlreadyCompletedError extends Error {
	name = 'ProjectAlreadyCompletedError'
	constructor() {
		super('This project is already complete')
	}
}

/**
 * The variations a completion keeps: the chosen favourites (every favourite when none are
 * chosen), finished ones only, in gallery order. Strictly, choosing an image that is not a
 * favourite is bad input. A payment already taken is not refused for that: it keeps what is
 * still both chosen and a favourite, or every favourite.
 */
export async function keptVariations(
	tx: Tx,
	projectId: string,
	chosen: string[] | undefined,
	{ strict }: { strict: boolean },
) {
	const favourites = await tx
		.select({ id: propertyStudioVariations.id })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.where(
			and(
				eq(propertyStudioRooms.projectId, projectId),
				eq(propertyStudioVariations.isFavorite, true),
				eq(propertyStudioVariations.status, 'completed'),
				notSetAside,
			),
		)
		.orderBy(
			asc(propertyStudioRooms.sortOrder),
			asc(propertyStudioVariations.style),
			asc(propertyStudioVariations.generationNumber),
			asc(propertyStudioVariations.variationIndex),
		)
	const all = favourites.map((f) => f.id)
	const wanted = chosen ? new Set(chosen) : null
	const kept = wanted ? all.filter((id) => wanted.has(id)) : all
	if (strict && wanted && kept.length < wanted.size) throw new InputError({ variationIds: [ONLY_FAVOURITES] })
	if (strict && kept.length === 0) throw new InputError({ variationIds: [NO_FAVOURITES] }, NO_FAVOURITES)
	return kept.length || strict ? kept : all
}

/** Checks a checkout can go ahead before any money is asked for or any row written. */
export async function assertCompletable(
	tx: Tx,
	project: { id: string; userId: string; status: string },
	choice: CheckoutChoice,
) {
	if (project.status === 'completed') throw new ProjectAlreadyCompletedError()
	assertOpen(project)
	const kept = await keptVariations(tx, project.id, choice.variationIds, { strict: true })
	if (choice.watermarkingEnabled && !(await hasLogo(tx, project.userId)))
		throw new InputError({ watermarkingEnabled: [LOGO_NEEDED] }, LOGO_NEEDED)
	return kept
}

/**
 * One transaction: the project becomes completed, the kept variations permanent, the completion
 * row records them, billing is charged, and the clean-up job (final images, deleting the rest)
 * is queued. The project's row lock and the completion's unique project id make a second
 * completion, however it arrives, a no-op.
 */
async function finishCompletion(
	actor: Actor,
	projectId: string,
	choice: CheckoutChoice,
	payment: CompletionPayment,
	{ strict }: { strict: boolean },
) {
	return db.transaction(async (tx) => {
		const project = await ownedProject(tx, actor, projectId, { forUpdate: true })
		if (project.status === 'completed') throw new ProjectAlreadyCompletedError()
		assertOpen(project)
		const kept = strict
			? await assertCompletable(tx, project, choice)
			: await keptVariations(tx, projectId, choice.variationIds, { strict })
		// A paid order is never refused; without a logo it simply is not branded.
		const watermarkingEnabled = choice.watermarkingEnabled && (strict || (await hasLogo(tx, project.userId)))
		const completedAt = new Date()
		const [completed] = await tx
			.update(propertyStudioProjects)
			.set({ status: 'completed', completedAt })
			.where(eq(propertyStudioProjects.id, projectId))
			.returning()
		if (kept.length)
			await tx
				.update(propertyStudioVariations)
				.set({ isPermanent: true })
				.where(inArray(propertyStudioVariations.id, kept))
		await tx.insert(propertySessionCompletions).values({
			projectId,
			userId: project.userId,
			selectedVariationIds: kept,
			completedAt,
		})
		const [{ removed }] = await tx
			.select({ removed: count() })
			.from(propertyStudioVariations)
			.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
			.where(and(eq(propertyStudioRooms.projectId, projectId), notInArray(propertyStudioVariations.id, kept)))
		const billing = await chargeCompletion(tx, {
			project,
			completedAt,
			payment,
			keptCount: kept.length,
			watermarkingEnabled,
		})
		const job: CleanupJob = { projectId, watermarkingEnabled }
		await addJob(tx, CLEANUP_TASK, job, { jobKey: `complete:${projectId}`, maxAttempts: 10 })
		return {
			success: true as const,
			project: projectView(completed),
			watermarkingEnabled,
			cleanupResult: { keptCount: kept.length, removedCount: removed },
			billing,
		}
	})
}

/**
 * POST /api/property-studio/projects/{id}/complete. In invoice mode (no Stripe key) this is the
 * order itself: the £99 goes on the agent's monthly invoice. With Stripe it completes only a
 * project whose PaymentIntent has succeeded, with the choices recorded when it was created
 * (the webhook usually gets there first; then this answers 409).
 */
export async function completeProject(actor: Actor, projectId: string, input: unknown) {
	requireUser(actor)
	let choice = parseInput(CheckoutChoiceSchema, input)
	const project = await ownedProject(db, actor, projectId)
	if (project.status === 'completed') throw new ProjectAlreadyCompletedError()
	if (!stripeSettings()) return finishCompletion(actor, projectId, choice, { mode: 'invoice' }, { strict: true })

	const checkout = await findCheckout(db, { projectId })
	const intent = checkout && (await stripe().paymentIntents.retrieve(checkout.paymentIntentId))
	if (!checkout || !intent || !isPaidInFull(intent) || intent.metadata.projectId !== projectId)
		throw new ForbiddenError(PAYMENT_REQUIRED)
	choice = { watermarkingEnabled: checkout.watermarkingEnabled, variationIds: checkout.variationIds ?? undefined }
	return finishCompletion(actor, projectId, choice, { mode: 'stripe', paymentIntentId: intent.id }, { strict: false })
}

/**
 * Completes the project a succeeded PaymentIntent paid for (Stripe's webhook). Anything that is
 * not exactly our price for one of our projects is logged and left alone; a project already
 * completed (a repeated webhook, or the page got there first) is left as it is.
 */
export async function completePaidProject(intent: Stripe.PaymentIntent) {
	const projectId = intent.metadata?.projectId
	if (!projectId || !isPaidInFull(intent)) {
		logger.warn(
			{ paymentIntentId: intent.id, projectId, amount: intent.amount_received, currency: intent.currency },
			'payment not for a Rendo project: ignored',
		)
		return { completed: false }
	}
	const checkout = await findCheckout(db, { paymentIntentId: intent.id })
	const choice = {
		watermarkingEnabled: checkout?.watermarkingEnabled ?? false,
		variationIds: checkout?.variationIds ?? undefined,
	}
	try {
		await finishCompletion(
			systemActor,
			projectId,
			choice,
			{ mode: 'stripe', paymentIntentId: intent.id },
			{ strict: false },
		)
		return { completed: true }
	} catch (error) {
		if (error instanceof ProjectAlreadyCompletedError) return { completed: false }
		// A project deleted since it was paid for: retrying the webhook would not bring it back.
		if (error instanceof NotFoundError) {
			logger.error({ paymentIntentId: intent.id, projectId }, 'paid project not found')
			return { completed: false }
		}
		throw error
	}
}

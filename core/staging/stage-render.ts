import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm'
import { stagingRenders, type StagingRender } from '#db/schema/staging.ts'
import {
	ProviderBusyError,
	isPreviewProvider,
	RenderError,
	ResultLinkGoneError,
	type DeferredProvider,
	type ImmediateProvider,
	type PhotoEdit,
	type ProviderVariation,
	type RoomType,
	type StagedImage,
	type Style,
	type StagingProvider,
} from '#core/render/provider.ts'
import { VendorUnavailableError } from '#core/render/circuit-breaker.ts'
import { config } from '#core/platform/config.ts'
import { db, pool } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'
import { metrics } from '#core/platform/metrics.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'
import { recordProviderCall } from '#core/ops/render-calls.ts'
import { vendorUnavailable } from '#core/ops/staging-provider-health.ts'
import { fitToPhoto, isFitted, type FittedImage, type UnusableImage } from './fit.ts'
import { readBytes } from '#core/platform/storage.ts'
import {
	readAnswerParts,
	readPhoto,
	readRawImages,
	removeRawImages,
	storeAnswerPart,
	storeRawImages,
	type Photo,
} from './images.ts'
import { type RequestEdit, scopeOf } from './edit-scope.ts'
import { purposeOf } from './purposes.ts'
import { BULK_PRIORITY, queueDelivery, queueStep, STAGE_MAX_ATTEMPTS } from './request.ts'
import { askSecondOpinion, isRechecking, keepTheBetter, secondOpinionCount, wantsAgain } from './second-opinion.ts'
import { stagingPhotoUrl } from './photo-link.ts'
import { webhookUrl } from './webhook.ts'

const IN_FLIGHT = ['submitting', 'submitted'] as const
const DONE = ['delivered', 'failed']

/**
 * The stage_render job: moves one staging request one step on, whatever step a crash left it at.
 *
 *   queued ─(immediate vendor: call, store the answer)──────────────▶ received ─(fit, hand over)─▶ delivered
 *   queued ─(deferred vendor: commit "submitting", send)─▶ submitted ─(poll … done, download)─▶ received
 *
 * Waiting never holds a job: a deferred render's job ends after each submit or poll and queues the
 * next look for later (an agent's render, in its last second, keeps its job for a few quick looks).
 * Neither does fitting an import's answer: "received" queues a deliver_render job in the same
 * transaction (deliverRender below), which the CPU pool runs, so the pool that waits on the vendor
 * is free for the next submit the moment an answer is stored; an answer someone waits for is
 * delivered by the job that received it (deliverHere). The vendor's render id is committed
 * before anything waits on it, and "submitting" is committed before the request leaves, so a job
 * that died in between looks at the vendor's recent renders before it sends again. A 429 is waited
 * out, never a failure.
 */
export async function stageRender(stagingId: string, attempt: { attempts: number; maxAttempts: number }) {
	const [row] = await db.select().from(stagingRenders).where(eq(stagingRenders.id, stagingId))
	if (!row || DONE.includes(row.state) || isRechecking(row)) return
	const provider = stagingProvider()
	wakeWhenCircuitCloses(provider)
	try {
		if (row.state === 'received') return await queueDelivery(db, row)
		if (row.provider !== provider.name) await switchProvider(row, provider)
		if (provider.kind === 'immediate') return await renderNow(row, provider)
		if (row.state === 'submitted') return await collect(row, provider)
		return await submit(row, provider)
	} catch (error) {
		if (error instanceof ProviderBusyError) return await waitOut(row, error)
		// A passing failure (a 5xx, a timeout) while the vendor is down is the outage's, not the render's:
		// it waits for the vendor without spending one of its attempts. A create whose answer was lost
		// stays "submitting", and is looked for at the vendor once it answers again.
		const outage = error instanceof RenderError && error.retryable ? provider.circuit?.unavailable() : undefined
		if (outage) return await waitOut(row, outage)
		await failIfFinal(row, error, attempt)
	}
}

/** A request still queued follows the configuration; one a vendor already holds cannot move. */
async function switchProvider(row: StagingRender, provider: StagingProvider) {
	if (row.state !== 'queued')
		throw new RenderError(`This render was sent to ${row.provider}, which is no longer the configured provider`, false)
	await db.update(stagingRenders).set({ provider: provider.name, submitKey: null }).where(eq(stagingRenders.id, row.id))
	row.provider = provider.name
	row.submitKey = null
}

async function renderNow(row: StagingRender, provider: ImmediateProvider) {
	// While the vendor is down, a queued request neither reads its photo nor takes a slot only to be refused.
	provider.circuit?.check()
	const photo = await readPhoto(row.originalKey)
	const [reference, scope] = await Promise.all([readReference(row), scopeOf(row)])
	// A vendor that answers one image a call hands each image over as it arrives, stored at once: a request
	// asked again (the vendor waited out, a process killed mid-render) asks only for the images it lacks.
	const perImage = provider.answersPerImage === true
	const answered = perImage ? await readAnswerParts(row.id, row.count) : undefined
	const receipt = await timed(provider.name, () =>
		provider.render({
			...stagingRequest(row, photo),
			scope,
			reference,
			...(perImage && { answered, onImage: (offset, answer) => storeAnswerPart(row.id, offset, answer) }),
		}),
	)
	metrics.rendersSubmitted.inc({ provider: provider.name })
	if (receipt.images.length === 0) throw new RenderError(`${provider.name} answered without an image`, true)
	const answer = {
		model: receipt.model,
		providerRenderId: receipt.providerRenderId ?? null,
		providerImageIds: receipt.images.flatMap((image) => image.providerImageId ?? []),
		costUsdMicros: receipt.costUsdMicros ?? null,
	}
	// A paid answer is stored before anything else can fail, so a retry never calls the vendor again
	// for an answer that arrived; the CPU pool delivers it. The local preview costs nothing, is simply
	// rendered again, and is delivered here: it is CPU work in the CPU pool already.
	if (provider.isPreview) return await deliver({ ...row, ...answer }, receipt.images, photo, { stored: false }, scope)
	await storeRawImages(row.id, receipt.images)
	await markReceived(row, {
		...answer,
		receivedCount: receipt.images.length,
	})
}

/**
 * The answer is stored: the request is 'received', and its delivery queued with it, unless the job
 * that received it delivers it itself (deliverHere).
 */
async function markReceived(row: StagingRender, answer: Partial<StagingRender>, { queue = true } = {}) {
	await db.transaction(async (tx) => {
		await tx
			.update(stagingRenders)
			.set({ ...answer, state: 'received', receivedAt: new Date() })
			.where(eq(stagingRenders.id, row.id))
		if (queue) await queueDelivery(tx, row)
	})
}

async function submit(row: StagingRender, provider: DeferredProvider) {
	// While the vendor is down, a queued request does not take a slot only to be refused.
	provider.circuit?.check()
	if (row.state === 'submitting' && (await adoptLostSubmit(row, provider))) return
	const base = row.continuesId ? await baseRender(row) : undefined
	if (base === null) return await queueStep(db, row, later(config().render.pollIntervalMs))
	const knownBefore = base ? (await provider.poll(base.providerRenderId)).variations.map((v) => v.id) : []
	const claim = await claimSubmitSlot(row, provider, knownBefore)
	if (claim === 'moved') return
	if (claim === 'waiting') return await queueStep(db, row, later(slotWaitMs()))
	row.submitKey = submitKeyOf(row, provider)

	const photo = await readPhoto(row.originalKey)
	const request = {
		...stagingRequest(row, photo),
		scope: await scopeOf(row),
		imageUrl: stagingPhotoUrl(row.id),
		webhookUrl: webhookUrl(),
	}
	let providerRenderId: string
	let etaSeconds: number | undefined
	try {
		if (base) {
			await timed(provider.name, () => provider.addVariations(base.providerRenderId, request))
			providerRenderId = base.providerRenderId
		} else {
			;({ providerRenderId, etaSeconds } = await timed(provider.name, () => provider.submit(request)))
		}
	} catch (error) {
		// A refusal (429, or a 4xx) created nothing: the slot is free again. Anything else (a timeout,
		// a dropped connection) may have created the render: "submitting" stays, and the retry looks.
		if (error instanceof ProviderBusyError || (error instanceof RenderError && !error.retryable)) {
			await db.update(stagingRenders).set({ state: 'queued' }).where(eq(stagingRenders.id, row.id))
			await wakeNextWaiting(provider.name, row.submitKey)
		}
		throw error
	}
	metrics.rendersSubmitted.inc({ provider: provider.name })
	await markSubmitted(row, providerRenderId, provider.model, etaSeconds)
}

/** The base render a remodel adds to: undefined to start a render of its own, null to wait for it. */
async function baseRender(row: StagingRender) {
	const [base] = await db.select().from(stagingRenders).where(eq(stagingRenders.id, row.continuesId!))
	if (!base || base.state === 'failed' || (base.provider !== row.provider && base.state !== 'queued')) return undefined
	if (!base.providerRenderId) return null
	return { ...base, providerRenderId: base.providerRenderId }
}

/**
 * Takes one of the vendor's concurrent slots and marks the request "submitting", committed before
 * the request leaves. The count and the claim share a transaction-scoped advisory lock, so the
 * workers of every process stay under RENDER_CONCURRENCY together. A request whose submit key
 * another request is submitting under waits for it (and is woken when it ends): the vendor could
 * not tell their renders apart if both answers were lost. The claim holds only if the row is as this
 * attempt read it: should a second run of the same job ever overlap (a process stalled past the
 * staleness window), one of them submits, and the other ends ('moved').
 */
async function claimSubmitSlot(
	row: StagingRender,
	provider: DeferredProvider,
	knownBefore: string[],
): Promise<'claimed' | 'waiting' | 'moved'> {
	const submitKey = submitKeyOf(row, provider)
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staging:${provider.name}`}))`)
		const [{ inFlight, sameKey }] = await tx
			.select({
				inFlight: sql<number>`count(*)::int`,
				sameKey: sql<number>`count(*) filter (where ${stagingRenders.state} = 'submitting' and ${stagingRenders.submitKey} = ${submitKey})::int`,
			})
			.from(stagingRenders)
			.where(
				and(
					eq(stagingRenders.provider, provider.name),
					inArray(stagingRenders.state, IN_FLIGHT),
					ne(stagingRenders.id, row.id),
				),
			)
		const free = inFlight < slotsFor(row.priority) && sameKey === 0
		const updated = await tx
			.update(stagingRenders)
			.set(free ? { state: 'submitting', submitKey, submitStartedAt: new Date(), knownBefore } : { submitKey })
			.where(
				and(
					eq(stagingRenders.id, row.id),
					eq(stagingRenders.state, row.state),
					row.submitStartedAt
						? eq(stagingRenders.submitStartedAt, row.submitStartedAt)
						: isNull(stagingRenders.submitStartedAt),
				),
			)
			.returning({ id: stagingRenders.id })
		if (!updated.length) return 'moved'
		return free ? 'claimed' : 'waiting'
	})
}

/**
 * The vendor slots a request may fill: a bulk import's (priority 2) leave a tenth of them, at
 * least one from ten up, to what agents wait for, so an agent's render never queues behind a wave
 * of imported ones. The import loses a tenth of the vendor's pace; it is bound by fitting anyway.
 */
function slotsFor(priority: number) {
	const { concurrency } = config().render
	return priority >= BULK_PRIORITY ? concurrency - Math.floor(concurrency / 10) : concurrency
}

/**
 * How long a request that found every slot taken waits before it looks again by itself. A slot that
 * frees wakes the request waiting longest (wakeNextWaiting, by priority), so this is only the
 * fallback for a wake that never came (a process killed in between): a thousand queued renders
 * asking every poll interval would spend the cores on claims instead of on the renders.
 */
const slotWaitMs = () => Math.min(30_000, config().render.pollIntervalMs * 15)

/** A remodel is told apart by its base render; a new render by what the vendor shows of it. */
function submitKeyOf(row: StagingRender, provider: DeferredProvider) {
	return `${row.continuesId ?? 'new'}:${provider.lookOf(stagingLook(row))}`
}

async function markSubmitted(row: StagingRender, providerRenderId: string, model: string, etaSeconds?: number) {
	await db.transaction(async (tx) => {
		await tx
			.update(stagingRenders)
			.set({ state: 'submitted', providerRenderId, model, submittedAt: new Date() })
			.where(eq(stagingRenders.id, row.id))
		await queueStep(tx, row, later(nextLookMs(etaSeconds)))
	})
	await wakeNextWaiting(row.provider, row.submitKey)
}

/**
 * A previous attempt committed "submitting" and died (or timed out) before it heard the render's
 * id. If the vendor has the render, adopt it instead of paying for a second one: for a remodel,
 * variations of the base render of this look that no request of ours has claimed; for a new
 * render, the recent render of this look that no row of ours knows. No other request of the same
 * submit key was being submitted meanwhile (claimSubmitSlot), so there is at most one; should
 * there be more (a request that failed for good while submitting), it submits again rather than
 * take another room's render, and logs it.
 */
async function adoptLostSubmit(row: StagingRender, provider: DeferredProvider) {
	const since = (row.submitStartedAt?.getTime() ?? Date.now()) - 60_000
	const look = provider.lookOf(stagingLook(row))
	if (row.continuesId) {
		const base = await baseRender(row)
		if (!base) return false
		const { variations } = await provider.poll(base.providerRenderId)
		const claimed = new Set([...row.knownBefore, ...(await claimedOnBase(row, base.providerRenderId))])
		const ours = variations.filter((v) => !claimed.has(v.id) && v.look === look && v.createdAt >= since)
		if (ours.length < row.count) return false
		await markSubmitted(row, base.providerRenderId, provider.model)
		return true
	}
	const recent = await provider.recentRenders(since)
	const known = new Set(
		(
			await db
				.select({ id: stagingRenders.providerRenderId })
				.from(stagingRenders)
				.where(inArray(stagingRenders.providerRenderId, recent.map((r) => r.providerRenderId).concat('')))
		).map((r) => r.id),
	)
	const candidates = recent.filter(
		(r) =>
			!known.has(r.providerRenderId) && r.variations.length === row.count && r.variations.every((v) => v.look === look),
	)
	if (candidates.length !== 1) {
		if (candidates.length > 1)
			logger.warn({ stagingId: row.id }, 'a lost submit matches several vendor renders; submitting again')
		return false
	}
	await markSubmitted(row, candidates[0].providerRenderId, provider.model)
	return true
}

/** Image ids that other requests on the same vendor render have taken. */
async function claimedOnBase(row: StagingRender, providerRenderId: string) {
	const others = await db
		.select({ ids: stagingRenders.providerImageIds })
		.from(stagingRenders)
		.where(and(eq(stagingRenders.providerRenderId, providerRenderId), ne(stagingRenders.id, row.id)))
	return others.flatMap((r) => r.ids)
}

/**
 * When to look at a submitted render again: a second before the vendor's ETA (whole seconds,
 * rounded up; within 30 s however far off it is), never sooner than the usual pace. Without the
 * ETA a 10 s render was asked about ten times at a one-second pace; with it, two or three.
 */
function nextLookMs(etaSeconds = 0) {
	const { pollIntervalMs } = config().render
	return Math.max(Math.min(etaSeconds * 1000 - 1000, 30_000), pollIntervalMs)
}

/**
 * In its last second, a render someone waits for is looked at every quarter second by the job
 * itself (held at most this many looks), not by a job queued a whole poll interval later: the ETA
 * is rounded up to whole seconds, so that look came up to a second after the answer.
 */
const CLOSE_LOOK_MS = 250
const CLOSE_LOOKS = 5

async function collect(row: StagingRender, provider: DeferredProvider) {
	let seen = await look(row, provider)
	const waitedFor = row.priority < BULK_PRIORITY
	for (let n = 0; waitedFor && !seen.done && (seen.etaSeconds ?? Infinity) <= 1 && n < CLOSE_LOOKS; n++) {
		await sleep(CLOSE_LOOK_MS)
		seen = await look(row, provider)
	}
	if (!seen.done) return await queueStep(db, row, later(nextLookMs(seen.etaSeconds)))
	// Result URLs expire: every image is fetched and stored now, before anything else.
	const images: StagedImage[] = await Promise.all(seen.mine.map(fetchResult(row, provider)))
	await storeRawImages(row.id, images)
	const answer = { receivedCount: images.length, providerImageIds: seen.mine.map((v) => v.id) }
	await markReceived(row, answer, { queue: !waitedFor })
	await wakeNextWaiting(provider.name)
	if (waitedFor) await deliverHere(row, images)
}

/**
 * Fetches each finished variation's image from its result link. A link that lapsed before it was
 * fetched (ResultLinkGoneError) is not the render's failure: the render is read again, once for all
 * its variations, and the image fetched from the fresh link it hands out; a link gone again fails the
 * request as before. Nothing is created again, so nothing is paid twice.
 */
function fetchResult(row: StagingRender, provider: DeferredProvider) {
	let readAgain: Promise<ProviderVariation[]> | undefined
	return async (variation: ProviderVariation): Promise<StagedImage> => {
		if (!variation.url) throw new RenderError('The staging provider finished without a result image', false)
		const fetched = { providerImageId: variation.id }
		try {
			return { ...fetched, bytes: await provider.download(variation.url) }
		} catch (error) {
			if (!(error instanceof ResultLinkGoneError)) throw error
			logger.info({ stagingId: row.id, message: error.message }, 'a result link lapsed; reading the render again')
			readAgain ??= timed(provider.name, () => provider.poll(row.providerRenderId!)).then((r) => r.variations)
			const fresh = (await readAgain).find((v) => v.id === variation.id)?.url
			if (!fresh) throw error
			return { ...fetched, bytes: await provider.download(fresh) }
		}
	}
}

/**
 * A render someone waits for is fitted and handed over by the job that received it, from the
 * images in hand, still fitted on the CPU slots ahead of an import's (fit.ts): queued for the CPU
 * pool, it first waited for one of that pool's jobs to end, behind an import's deliveries, and
 * read its images back. A delivery that could succeed on a retry goes to the CPU pool with its
 * retries; should the process die meanwhile, this job comes back, finds the request received and
 * queues its delivery (stageRender).
 */
async function deliverHere(row: StagingRender, images: StagedImage[]) {
	try {
		await deliverRender(row.id, { attempts: 1, maxAttempts: STAGE_MAX_ATTEMPTS }, images)
	} catch (error) {
		logger.warn({ stagingId: row.id, err: error }, 'delivering a received render failed; the CPU pool retries it')
		await queueDelivery(db, row)
	}
}

/** What the vendor shows of this request's variations now; a variation it gave up on fails the request. */
async function look(row: StagingRender, provider: DeferredProvider) {
	const { variations, etaSeconds } = await timed(provider.name, () => provider.poll(row.providerRenderId!))
	const mine = await variationsOf(row, variations, provider)
	const failed = mine.find((v) => v.state === 'error' || v.state === 'canceled')
	if (failed)
		throw new RenderError(
			failed.state === 'canceled'
				? 'The staging provider cancelled this render'
				: `The staging provider could not stage this photo: ${failed.error ?? 'no reason given'}`,
			false,
		)
	return { mine, etaSeconds, done: mine.length === row.count && mine.every((v) => v.state === 'done') }
}

/**
 * This request's variations of the vendor render: those it already claimed, or else the oldest of
 * its look that neither an earlier remodel's "known before" list nor another request has taken.
 */
async function variationsOf(row: StagingRender, variations: ProviderVariation[], provider: DeferredProvider) {
	if (row.providerImageIds.length) return variations.filter((v) => row.providerImageIds.includes(v.id))
	const claimed = new Set([...row.knownBefore, ...(await claimedOnBase(row, row.providerRenderId!))])
	const look = provider.lookOf(stagingLook(row))
	const mine = variations.filter((v) => !claimed.has(v.id) && v.look === look).slice(0, row.count)
	if (mine.length === row.count)
		await db
			.update(stagingRenders)
			.set({ providerImageIds: mine.map((v) => v.id) })
			.where(and(eq(stagingRenders.id, row.id), eq(stagingRenders.providerImageIds, [])))
	return mine
}

/**
 * The deliver_render job: fits, checks and hands over a received answer (or asks a second opinion),
 * in the CPU pool, so the vendor pool's slots wait on the vendor, not on an import's fitting (an
 * answer someone waits for is delivered by the job that received it, deliverHere). A delivery that
 * cannot succeed fails the request, as a render that cannot would.
 */
export async function deliverRender(
	stagingId: string,
	attempt: { attempts: number; maxAttempts: number },
	/** The stored answer, when the caller still has it in hand (deliverHere). */
	received?: StagedImage[],
) {
	const [row] = await db.select().from(stagingRenders).where(eq(stagingRenders.id, stagingId))
	if (row?.state !== 'received') return
	try {
		const [answer, photo] = await Promise.all([received ?? storedAnswer(row), readPhoto(row.originalKey)])
		await deliver(row, answer, photo, { stored: true })
	} catch (error) {
		await failIfFinal(row, error, attempt)
	}
}

/** A fault a retry may pass is thrown for graphile's backoff; a final one (or the last attempt's) fails the request. */
async function failIfFinal(row: StagingRender, error: unknown, attempt: { attempts: number; maxAttempts: number }) {
	const final = (error instanceof RenderError && !error.retryable) || attempt.attempts >= attempt.maxAttempts
	if (!final) throw error
	await failRender(row, error instanceof Error ? error.message : String(error))
}

/**
 * Which room check the images of a request get: the local preview's always pass, a vendor's are
 * checked unless turned off. A twilight shot is fitted but not checked: its new sky and light are
 * the whole point, and the check would read them as a changed room.
 */
function roomCheckOf(row: StagingRender) {
	if (isPreviewProvider(row.provider)) return 'preview' as const
	if (row.edit === 'twilight') return 'off' as const
	return config().render.roomCheck === 'off' ? ('off' as const) : ('vendor' as const)
}

/**
 * Fits (and checks) each image against the photo and hands the answer over, unless the room check
 * could not pass some of it: then the vendor is asked for those again first (second-opinion.ts).
 */
async function deliver(
	row: StagingRender,
	images: StagedImage[],
	photo: Photo,
	raw: { stored: boolean },
	scope?: RequestEdit,
) {
	const fits = fitEach(row, images, photo, scope ?? (await scopeOf(row)))
	const [answer] = await Promise.all([
		Promise.all(fits),
		raw.stored && !row.secondOpinionOf ? handFirstAhead(row, fits[0]) : undefined,
	])
	countChecks(row, answer)
	if (row.secondOpinionOf) return await deliverSecondOpinion(row, answer, photo)
	const again = raw.stored ? secondOpinionCount(row, answer) : 0
	if (again) return await askSecondOpinion(row, again)
	await handOver(row, answer, raw)
}

/**
 * Someone waiting on a render sees its first image once that is fitted, not after the last: an
 * image the check passed stays in the answer whatever comes after it (a second opinion only
 * replaces those it could not pass), so it can go ahead. The purpose gets it again with the whole
 * answer and knows it by its vendor image id, also after a crash in between. A bulk import's
 * renders have nobody watching: they are handed over whole.
 */
async function handFirstAhead(row: StagingRender, first: Promise<FittedImage | UnusableImage> | undefined) {
	const { deliverAhead } = purposeOf(row.purpose)
	if (!deliverAhead || !first || row.priority >= BULK_PRIORITY) return
	const image = await first
	if (isFitted(image) && image.providerImageId && !wantsAgain(image)) await deliverAhead(row, image)
}

/** Each image fitted on the CPU slots, in the render's turn (fit.ts); an edit's checked against its scope. */
function fitEach(row: StagingRender, images: StagedImage[], photo: Photo, scope: RequestEdit | undefined) {
	const check = roomCheckOf(row)
	return images.map((image) => fitToPhoto(image, photo, { check, scope, priority: row.priority }))
}

function countChecks(row: StagingRender, fitted: Array<FittedImage | UnusableImage>) {
	if (roomCheckOf(row) !== 'vendor') return
	for (const image of fitted)
		metrics.imagesChecked.inc({ provider: row.provider, verdict: isFitted(image) ? image.check!.verdict : 'unusable' })
}

/**
 * The second opinion is in: the first request's answer (fitted again from its stored bytes) with
 * the better image in each slot asked again for is handed over as the first's, then both are done.
 */
async function deliverSecondOpinion(row: StagingRender, answer: Array<FittedImage | UnusableImage>, photo: Photo) {
	const first = await rechecking(row)
	if (first) await handOver(first, keepTheBetter(await firstAnswerOf(first, photo), answer), { stored: true })
	await markDelivered(row, answer.length)
	await removeRawImages(row.id)
}

/** The request a second opinion was asked for, while it still waits for it. */
async function rechecking(secondOpinion: StagingRender) {
	const [first] = await db.select().from(stagingRenders).where(eq(stagingRenders.id, secondOpinion.secondOpinionOf!))
	return first && isRechecking(first) ? first : undefined
}

const storedAnswer = (row: StagingRender) => readRawImages(row.id, row.receivedCount, row.providerImageIds)

/** A rechecking request's own answer, fitted again from its stored bytes (already counted when it came). */
async function firstAnswerOf(first: StagingRender, photo: Photo) {
	return Promise.all(fitEach(first, await storedAnswer(first), photo, await scopeOf(first)))
}

/**
 * Hands the usable images to the purpose, and only then forgets the vendor's bytes. An answer that
 * is no image of the room fails its own variation; a request with none usable fails as a whole.
 */
async function handOver(row: StagingRender, answer: Array<FittedImage | UnusableImage>, raw: { stored: boolean }) {
	const usable = answer.filter(isFitted)
	const unusable = answer.flatMap((image) => (isFitted(image) ? [] : [image.failed]))
	if (!usable.length) return failRender(row, unusable[0] ?? 'The staging provider returned no image')
	await purposeOf(row.purpose).deliver(row, usable, unusable)
	await markDelivered(row, answer.length)
	if (raw.stored) await removeRawImages(row.id)
}

async function markDelivered(row: StagingRender, receivedCount: number) {
	await db
		.update(stagingRenders)
		.set({
			state: 'delivered',
			finishedAt: new Date(),
			receivedCount,
			model: row.model,
			providerRenderId: row.providerRenderId,
			providerImageIds: row.providerImageIds,
			costUsdMicros: row.costUsdMicros,
		})
		.where(and(eq(stagingRenders.id, row.id), notInArray(stagingRenders.state, DONE)))
}

async function failRender(row: StagingRender, message: string) {
	const [failed] = await db
		.update(stagingRenders)
		.set({ state: 'failed', errorMessage: message.slice(0, 1000), finishedAt: new Date() })
		.where(and(eq(stagingRenders.id, row.id), notInArray(stagingRenders.state, DONE)))
		.returning()
	if (failed) metrics.rendersFailed.inc({ provider: row.provider })
	if (row.state === 'submitting') await wakeNextWaiting(row.provider, row.submitKey)
	// A second opinion that failed leaves the first answer as it was: that one is delivered instead.
	const first = row.secondOpinionOf ? await rechecking(row) : undefined
	if (first) await handOver(first, await firstAnswerOf(first, await readPhoto(first.originalKey)), { stored: true })
	else if (failed && !row.secondOpinionOf) await purposeOf(row.purpose).fail(failed, message)
	await removeRawImages(row.id)
}

/**
 * A vendor slot (or a submit key) just freed: the request that waits longest for one (by
 * priority, then age) is looked at now rather than at its next scheduled look, so slots never sit
 * idle between waves. With a key, the one waiting for that key.
 */
async function wakeNextWaiting(provider: string, submitKey?: string | null) {
	await pool.query(
		`select graphile_worker.reschedule_jobs(array(
			select job.id from staging_renders request
			join graphile_worker.jobs job on job.key = 'stage:' || request.id
			where request.provider = $1 and request.state = 'queued' and ($2::text is null or request.submit_key = $2)
				and job.locked_at is null and job.run_at > now()
			order by request.priority, request.created_at limit 1
		), run_at => now())`,
		[provider, submitKey ?? null],
	)
}

/**
 * The vendor's "not now": wait what it asked (or back off), with jitter, and ask again. While the
 * vendor is down (VendorUnavailableError), wait for this process's next probe, spread over one probe
 * interval, so a few renders look each interval and none calls: the one that finds the probe due makes it.
 */
async function waitOut(row: StagingRender, busy: ProviderBusyError) {
	if (busy instanceof VendorUnavailableError) {
		const wait = (busy.retryAfterMs ?? 0) + Math.random() * config().render.circuitProbeMs
		await queueStep(db, row, later(wait))
		return
	}
	metrics.rendersRetried.inc({ provider: row.provider })
	const busyCount = row.busyCount + 1
	const backoff = Math.min(config().render.retryBaseMs * 2 ** Math.min(busyCount - 1, 10), 60_000)
	const wait = (busy.retryAfterMs ?? backoff / 2) + (Math.random() * backoff) / 2
	await db.transaction(async (tx) => {
		await tx.update(stagingRenders).set({ busyCount }).where(eq(stagingRenders.id, row.id))
		await queueStep(tx, row, later(wait))
	})
	logger.info({ stagingId: row.id, waitMs: Math.round(wait), message: busy.message }, 'staging provider busy; waiting')
}

/**
 * When this process's circuit for the vendor closes (its probe was answered), the renders waiting
 * on the vendor go at once rather than at their next look: those at the vendor (being submitted, or
 * submitted and looked at later) and the queued ones that fill the free slots; the rest follow as
 * slots free (wakeNextWaiting).
 */
const watchedCircuits = new WeakSet<object>()
function wakeWhenCircuitCloses(provider: StagingProvider) {
	const { circuit } = provider
	if (!circuit || watchedCircuits.has(circuit)) return
	watchedCircuits.add(circuit)
	circuit.onClose(() => {
		pool
			.query(
				`select graphile_worker.reschedule_jobs(array(
					select job.id from staging_renders request
					join graphile_worker.jobs job on job.key = 'stage:' || request.id
					where request.provider = $1 and job.locked_at is null and job.run_at > now()
						and (request.state in ('submitting', 'submitted') or request.id in (
							select id from staging_renders where provider = $1 and state = 'queued'
							order by priority, created_at limit $2))
				), run_at => now())`,
				[provider.name, config().render.concurrency],
			)
			.catch((error: unknown) => logger.warn({ err: error }, 'waking the renders after an outage failed'))
	})
}

function stagingLook(row: StagingRender) {
	return { roomType: row.roomType as RoomType, style: row.style as Style | null }
}

/**
 * The other view of the room this request was to match, as it was when the request was made. If it
 * is gone since (its project completed and unkept images were cleared), the view is staged on its
 * own, and the note says so.
 */
async function readReference(row: StagingRender) {
	if (!row.referenceKey) return undefined
	const bytes = await readBytes(row.referenceKey)
	if (bytes) return bytes
	row.note = 'Staged on its own: the view it was to match is no longer there'
	await db.update(stagingRenders).set({ note: row.note }).where(eq(stagingRenders.id, row.id))
	return undefined
}

function stagingRequest(row: StagingRender, photo: Photo) {
	return {
		image: photo.bytes,
		width: photo.width,
		height: photo.height,
		...stagingLook(row),
		edit: row.edit as PhotoEdit | null,
		removeFurniture: row.removeFurniture,
		count: row.count,
		firstIndex: row.firstIndex,
	}
}

/** Every vendor call leaves a row for the operations dashboard (outcome, time taken) and a latency figure. */
async function timed<T>(provider: string, call: () => Promise<T>): Promise<T> {
	const started = performance.now()
	metrics.vendorCallsInProgress.inc({ provider })
	try {
		const result = await call()
		const ms = performance.now() - started
		metrics.vendorCallDuration.observe({ provider, outcome: 'ok' }, ms / 1000)
		await recordProviderCall(provider, true, ms)
		return result
	} catch (error) {
		// Refused by this process's circuit: the vendor was not called.
		if (error instanceof VendorUnavailableError) throw error
		const ms = performance.now() - started
		metrics.vendorCallDuration.observe(
			{ provider, outcome: error instanceof ProviderBusyError ? 'busy' : 'error' },
			ms / 1000,
		)
		await recordProviderCall(provider, false, ms, isPassingFailure(error) ? vendorUnavailable(error) : error)
		throw error
	} finally {
		metrics.vendorCallsInProgress.dec({ provider })
	}
}

/** A fault that asking again may pass (a 5xx, a dropped connection, a timeout), not the vendor's "not now". */
const isPassingFailure = (error: unknown) =>
	error instanceof RenderError && error.retryable && !(error instanceof ProviderBusyError)

function later(ms: number) {
	return new Date(Date.now() + ms)
}

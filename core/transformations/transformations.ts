import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { transformationRenders, transformations, type Transformation } from '#db/schema/transformations.ts'
import { can, requireScope, type Actor, type TokenScope } from '#core/accounts/actor.ts'
import { countHourlyUse } from '#core/accounts/rate-limit.ts'
import { InputError, NotFoundError, UnauthenticatedError } from '#core/errors.ts'
import { isUuid } from '#core/ids.ts'
import { db } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { storage } from '#core/platform/storage.ts'
import { inspectImage } from '#core/studio/original-image.ts'
import { parseInput } from '#core/validate.ts'
import { madeByPreview } from '#core/staging/made-by-preview.ts'
import { downloadListingImages } from './listing-images.ts'
import { transformSubjectKey } from './render-transformation.ts'
import { storeSourceImage, transformationKeys } from './source-image.ts'
import { LOGIN_REQUIRED, NO_FILE_SELECTED, OWN_EMAIL_ONLY, TransformRequestSchema } from './transformation.schema.ts'
import { transformationView } from './views.ts'

export const TRANSFORM_RENDER_TASK = 'render_transformation'
export const TRANSFORM_RENDER_MAX_ATTEMPTS = 3

/**
 * Transforming needs an account (spec 02 §6); doors call this before reading an upload. Writing
 * unless the caller only reads, so a read-only access token cannot start one.
 */
export function requireSignedIn(actor: Actor, need: TokenScope = 'write') {
	if (actor.kind !== 'user') throw new UnauthenticatedError(LOGIN_REQUIRED)
	requireScope(actor, need)
	return actor
}

/** The photos to style: the upload, or the listing's photos (as many as areas, at most 10). */
async function sourceFiles(
	mode: 'upload' | 'url',
	propertyUrl: string | undefined,
	file: { path: string } | null,
	wanted: number,
) {
	if (mode === 'url') return downloadListingImages(propertyUrl!, wanted)
	if (!file) throw new InputError({ image: [NO_FILE_SELECTED] })
	await inspectImage(file.path)
	return { files: [file.path], cleanup: async () => {} }
}

// Each is up to three paid renders; nobody styles thirty listings an hour by hand.
const TRANSFORMS_PER_HOUR = 30

/**
 * Starts a quick transform (spec 02 §2, §5): the uploaded photo (already on disk, capped at
 * 10 MB by the door) or the photos of a listing URL, fetched by the server under SSRF rules.
 * Stores the sources, a `transformations` row, one render row per area and one render job per
 * area, all or nothing. In URL mode each area takes the listing's next photo (wrapping round
 * when there are fewer photos than areas).
 */
export async function createTransformation(actor: Actor, input: unknown, file: { path: string } | null) {
	const user = requireSignedIn(actor)
	const request = parseInput(TransformRequestSchema, input)
	// Results go to the account's own address only: the form cannot make Rendo mail a stranger.
	if (request.emailResults && request.email && request.email !== user.email.toLowerCase())
		throw new InputError({ email: [OWN_EMAIL_ONLY] }, OWN_EMAIL_ONLY)
	const emailResultsTo = request.emailResults ? user.email : null
	await countHourlyUse(`transform:${user.userId}`, TRANSFORMS_PER_HOUR, 'transformations')
	const id = randomUUID()
	const keys = transformationKeys(id)
	const sources = await sourceFiles(request.mode, request.propertyUrl, file, request.areas.length)
	try {
		const sourceKeys: string[] = []
		for (const [index, path] of sources.files.entries()) {
			sourceKeys.push(keys.source(index))
			await storeSourceImage(path, keys.source(index))
		}
		const row = await db.transaction(async (tx) => {
			const [row] = await tx
				.insert(transformations)
				.values({
					id,
					userId: user.userId,
					originalImageUrl: sourceKeys[0],
					beforeImageUrl: sourceKeys[0],
					propertyUrl: request.mode === 'url' ? request.propertyUrl : null,
					style: request.style,
					areas: request.areas,
					emailResultsTo,
				})
				.returning()
			const renders = await tx
				.insert(transformationRenders)
				.values(
					request.areas.map((area, i) => ({
						transformationId: id,
						area,
						sourceKey: sourceKeys[i % sourceKeys.length],
					})),
				)
				.returning()
			for (const area of request.areas)
				await addJob(
					tx,
					TRANSFORM_RENDER_TASK,
					{ transformationId: id, area },
					{ jobKey: `transform:${id}:${area}`, maxAttempts: TRANSFORM_RENDER_MAX_ATTEMPTS },
				)
			return transformationView(row, renders)
		})
		return row
	} catch (error) {
		await storage().deletePrefix(keys.prefix)
		throw error
	} finally {
		await sources.cleanup()
	}
}

/** Transformations as the API shows them: each with its areas' renders in the order asked for. */
export async function transformationViews(rows: Transformation[]) {
	const ids = rows.map((r) => r.id)
	const renders = ids.length
		? await db
				.select()
				.from(transformationRenders)
				.where(inArray(transformationRenders.transformationId, ids))
				.orderBy(asc(transformationRenders.createdAt))
		: []
	const previews = await madeByPreview(renders.map((r) => transformSubjectKey(r.transformationId, r.area)))
	const order = (t: Transformation, area: string) => t.areas.indexOf(area)
	return rows.map((t) => {
		const own = renders.filter((r) => r.transformationId === t.id).sort((a, b) => order(t, a.area) - order(t, b.area))
		const previewAreas = new Set(own.filter((r) => previews.has(transformSubjectKey(t.id, r.area))).map((r) => r.area))
		return transformationView(t, own, previewAreas)
	})
}

/** The signed-in user's transformations, newest first (GET /api/transformations). */
export async function listOwnTransformations(actor: Actor) {
	const { userId } = requireSignedIn(actor, 'read')
	const rows = await db
		.select()
		.from(transformations)
		.where(eq(transformations.userId, userId))
		.orderBy(desc(transformations.createdAt))
		.limit(200)
	return transformationViews(rows)
}

/** A transformation its owner or an administrator may see; anyone else gets a 404. */
async function visibleTransformation(actor: Actor, id: string) {
	const user = requireSignedIn(actor, 'read')
	if (!isUuid(id)) throw new NotFoundError('Transformation not found')
	const [row] = await db.select().from(transformations).where(eq(transformations.id, id))
	if (!row || (row.userId !== user.userId && !can(actor, 'view:admin-dashboard')))
		throw new NotFoundError('Transformation not found')
	return row
}

/** GET /api/transformations/{id}: own, or any for an administrator. */
export async function getTransformation(actor: Actor, id: string) {
	const [view] = await transformationViews([await visibleTransformation(actor, id)])
	return view
}

/** The storage key behind /files/transformations/{id}/{before|after|<area>}, after the same check. */
export async function transformationFileKey(actor: Actor, id: string, kind: string) {
	const row = await visibleTransformation(actor, id)
	if (kind === 'before' && row.beforeImageUrl) return row.beforeImageUrl
	if (kind === 'after' && row.status === 'completed' && row.afterImageUrl) return row.afterImageUrl
	if (row.areas.includes(kind)) {
		const [render] = await db
			.select()
			.from(transformationRenders)
			.where(and(eq(transformationRenders.transformationId, id), eq(transformationRenders.area, kind)))
		if (render?.imageKey && render.status === 'completed') return render.imageKey
	}
	throw new NotFoundError('Image not found')
}

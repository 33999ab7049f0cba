import { and, asc, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { transformationRenders, transformations } from '#db/schema/transformations.ts'
import { PREVIEW_LABEL, type RoomType } from '#core/render/provider.ts'
import { madeByPreview } from '#core/staging/made-by-preview.ts'
import type { PurposeHandler } from '#core/staging/purpose.ts'
import { requestStaging } from '#core/staging/request.ts'
import { db } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { mailer } from '#core/platform/mail.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import { transformationKeys } from './source-image.ts'
import {
	AREA_LABELS,
	RENDER_STYLE,
	TRANSFORM_AREAS,
	TRANSFORM_STYLES,
	type TransformArea,
} from './transformation.schema.ts'

export const TRANSFORM_EMAIL_TASK = 'email_transformation_results'

/** The staging pipeline's key for one area's render of a transformation. */
export const transformSubjectKey = (transformationId: string, area: string) => `transform:${transformationId}:${area}`

export const TransformRenderJobSchema = z.object({ transformationId: z.string().uuid(), area: z.enum(TRANSFORM_AREAS) })
export const TransformEmailJobSchema = z.object({ transformationId: z.string().uuid() })

/** The renderer knows room types; the transform form's areas map onto them. */
const ROOM_TYPE: Record<TransformArea, RoomType> = {
	kitchen: 'kitchen',
	bathroom: 'bathroom',
	living: 'living',
	bedroom: 'bedroom',
	exterior: 'exterior',
	backyard: 'outdoor',
}

const TransformSubject = TransformRenderJobSchema

/**
 * The render_transformation job: asks for one area's source photo staged in the chosen style.
 * A done area is never rendered again; the staging pipeline answers through transformationPurpose.
 */
export async function renderTransformationArea(job: z.infer<typeof TransformRenderJobSchema>) {
	const [row] = await db
		.select({ render: transformationRenders, transformation: transformations })
		.from(transformationRenders)
		.innerJoin(transformations, eq(transformations.id, transformationRenders.transformationId))
		.where(
			and(eq(transformationRenders.transformationId, job.transformationId), eq(transformationRenders.area, job.area)),
		)
	if (!row) return
	if (row.render.status !== 'pending') return await settleTransformation(job.transformationId)
	await db.transaction(async (tx) => {
		await tx
			.update(transformations)
			.set({ status: 'processing' })
			.where(and(eq(transformations.id, job.transformationId), eq(transformations.status, 'pending')))
		await requestStaging(tx, {
			purpose: 'transformation',
			subject: job,
			subjectKey: transformSubjectKey(job.transformationId, job.area),
			originalKey: row.render.sourceKey,
			roomType: ROOM_TYPE[job.area],
			style: RENDER_STYLE[z.enum(TRANSFORM_STYLES).parse(row.transformation.style)],
			removeFurniture: false,
			count: 1,
		})
	})
}

/** Where a quick transform's staged area lands; then the transformation is settled. */
export const transformationPurpose: PurposeHandler = {
	async deliver(request, [image]) {
		const job = TransformSubject.parse(request.subject)
		const key = transformationKeys(job.transformationId).result(job.area)
		await storage().put(key, image.image, { contentType: 'image/jpeg' })
		await db
			.update(transformationRenders)
			.set({ status: 'completed', imageKey: key, errorMessage: null, completedAt: new Date() })
			.where(
				and(
					eq(transformationRenders.transformationId, job.transformationId),
					eq(transformationRenders.area, job.area),
					eq(transformationRenders.status, 'pending'),
				),
			)
		await settleTransformation(job.transformationId)
	},
	async fail(request, message) {
		const job = TransformSubject.parse(request.subject)
		await db
			.update(transformationRenders)
			.set({ status: 'failed', errorMessage: message, completedAt: new Date() })
			.where(
				and(
					eq(transformationRenders.transformationId, job.transformationId),
					eq(transformationRenders.area, job.area),
					eq(transformationRenders.status, 'pending'),
				),
			)
		await settleTransformation(job.transformationId)
	},
}

/**
 * Once no area is pending: completed (the first finished area, in the order chosen, is the
 * 'after' image) or failed with the first error; the results e-mail is queued when asked for.
 * Under the row lock, so areas finishing together settle it once.
 */
export async function settleTransformation(transformationId: string) {
	await db.transaction(async (tx) => {
		const [t] = await tx.select().from(transformations).where(eq(transformations.id, transformationId)).for('update')
		if (!t || t.status === 'completed' || t.status === 'failed') return
		const renders = await tx
			.select()
			.from(transformationRenders)
			.where(eq(transformationRenders.transformationId, transformationId))
			.orderBy(asc(transformationRenders.createdAt))
		if (renders.some((r) => r.status === 'pending')) return
		const done = t.areas.map((area) => renders.find((r) => r.area === area && r.status === 'completed')).find(Boolean)
		await tx
			.update(transformations)
			.set(
				done
					? { status: 'completed', afterImageUrl: done.imageKey, statusMessage: null, completedAt: new Date() }
					: {
							status: 'failed',
							statusMessage: renders.find((r) => r.errorMessage)?.errorMessage ?? 'Rendering failed',
							completedAt: new Date(),
						},
			)
			.where(eq(transformations.id, transformationId))
		if (done && t.emailResultsTo)
			await addJob(tx, TRANSFORM_EMAIL_TASK, { transformationId }, { jobKey: `transform-email:${transformationId}` })
	})
}

/** E-mails the finished images as attachments, once: a retry after a sent message does nothing. */
export async function emailTransformationResults(transformationId: string) {
	const [t] = await db
		.select()
		.from(transformations)
		.where(and(eq(transformations.id, transformationId), isNull(transformations.resultsEmailedAt)))
	if (!t?.emailResultsTo || t.status !== 'completed') return
	const renders = await db
		.select()
		.from(transformationRenders)
		.where(
			and(eq(transformationRenders.transformationId, transformationId), eq(transformationRenders.status, 'completed')),
		)
	const attachments = []
	for (const r of renders) {
		const content = r.imageKey ? await readBytes(r.imageKey) : null
		if (content) attachments.push({ filename: `rendo-${t.style}-${r.area}.jpg`, content, contentType: 'image/jpeg' })
	}
	const areas = renders.map((r) => AREA_LABELS[r.area as TransformArea] ?? r.area).join(', ')
	const previews = await madeByPreview(renders.map((r) => transformSubjectKey(t.id, r.area)))
	await mailer().send({
		to: t.emailResultsTo,
		subject: 'Your Rendo transformation is ready',
		text: [
			`Your ${t.style} transformation is ready.`,
			`Areas: ${areas}.`,
			'',
			'The styled images are attached. You can also see them on your Rendo dashboard.',
			...(previews.size
				? [
						'',
						`${PREVIEW_LABEL}: these images are colour previews made without a staging provider; no furniture was added.`,
					]
				: []),
		].join('\n'),
		attachments,
	})
	await db.update(transformations).set({ resultsEmailedAt: new Date() }).where(eq(transformations.id, transformationId))
}

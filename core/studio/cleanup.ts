import { and, asc, eq, inArray, notInArray } from 'drizzle-orm'
import { z } from 'zod'
import { propertyStudioDownloadAssets as assets } from '#db/schema/downloads.ts'
import {
	propertySessionCompletions as completions,
	propertyStudioProjects as projects,
	propertyStudioRooms as rooms,
	propertyStudioVariations as variations,
	type PropertyStudioVariation,
} from '#db/schema/studio.ts'
import { readLogo } from '#core/accounts/logo.ts'
import { db } from '#core/platform/db.ts'
import { createLimiter } from '#core/platform/limiter.ts'
import { logger } from '#core/platform/logger.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import {
	changesImage,
	discloseImage,
	type ImageDisclosure,
	imageDisclosure,
	projectDisclosure,
	renderRef,
} from '#core/disclosure/disclosed-image.ts'
import type { RelabelJob } from '#core/disclosure/originals-address.ts'
import { assetFileNames } from './asset-names.ts'

export const CLEANUP_TASK = 'complete_project_cleanup'
export const CleanupJobSchema = z.object({ projectId: z.string().uuid(), watermarkingEnabled: z.boolean() })
export type CleanupJob = z.infer<typeof CleanupJobSchema>

// Branding decodes a whole photo: one at a time per process keeps a burst of completions in bounds.
const oneAtATime = createLimiter(1)
const DELETE_CONCURRENCY = 8

/**
 * The final file of a kept variation: with its marks (logo, disclosure label) burnt in and its
 * provenance written, in a file of its own; or the rendered one as is when it carries none (a preview).
 */
async function finalImage(variation: PropertyStudioVariation, disclosure: ImageDisclosure, logo: Buffer | null) {
	const source = variation.imageUrl
	if (!source) return null
	if (changesImage(disclosure, logo)) {
		return oneAtATime(async () => {
			const image = await readBytes(source)
			if (!image) return null
			// A key of its own: the rendered image stays as it was, so a retry marks it afresh, never twice.
			const key = `variations/${variation.id}/final.jpg`
			const stored = await storage().put(key, await discloseImage(image, disclosure, logo), {
				contentType: 'image/jpeg',
			})
			return { storageKey: key, fileSize: stored.size, watermarked: !!logo }
		})
	}
	const object = await storage().get(source)
	if (!object) return null
	object.body.destroy()
	return { storageKey: source, fileSize: object.size, watermarked: false }
}

/** Deletes the files, then the rows, of every variation of the project that was not kept. */
async function deleteUnkept(projectId: string, keptIds: string[]) {
	const doomed = await db
		.select({ id: variations.id })
		.from(variations)
		.innerJoin(rooms, eq(rooms.id, variations.roomId))
		.where(and(eq(rooms.projectId, projectId), notInArray(variations.id, keptIds)))
	const limit = createLimiter(DELETE_CONCURRENCY)
	// Files first: a crash in between leaves rows whose files are gone, which the retry deletes again.
	// Every image of a variation lives under its folder (render-variations.ts variationImageKeys).
	await Promise.all(doomed.map(({ id }) => limit(() => storage().deletePrefix(`variations/${id}/`))))
	for (let i = 0; i < doomed.length; i += 1000)
		await db.delete(variations).where(
			inArray(
				variations.id,
				doomed.slice(i, i + 1000).map((d) => d.id),
			),
		)
	return doomed.length
}

/**
 * The completion clean-up job: makes each kept image final (with the agent's logo when branding
 * was chosen, the "Virtually staged" label with the way to the original unless the agency turned
 * it off, and its provenance for machines) and records it as
 * a download asset, deletes every other variation's files and rows, then marks the completion
 * cleaned up. Each step checks what is already done, so a retry after a crash finishes the work
 * without repeating it.
 */
export async function cleanUpCompletedProject(job: CleanupJob) {
	const [completion] = await db.select().from(completions).where(eq(completions.projectId, job.projectId))
	if (!completion || completion.cleanupCompletedAt) return
	const [project] = await db.select().from(projects).where(eq(projects.id, job.projectId))
	if (!project) return

	const keptIds = completion.selectedVariationIds
	const kept = keptIds.length
		? await db
				.select({ variation: variations, room: { roomName: rooms.roomName, roomType: rooms.roomType } })
				.from(variations)
				.innerJoin(rooms, eq(rooms.id, variations.roomId))
				.where(inArray(variations.id, keptIds))
				.orderBy(
					asc(rooms.sortOrder),
					asc(variations.style),
					asc(variations.generationNumber),
					asc(variations.variationIndex),
				)
		: []
	const names = assetFileNames(
		project.propertyAddress,
		kept.map(({ variation, room }) => ({ id: variation.id, style: variation.style, ...room })),
	)
	const done = new Set(
		(await db.select({ id: assets.variationId }).from(assets).where(eq(assets.projectId, project.id))).map((a) => a.id),
	)
	const logo = job.watermarkingEnabled ? await readLogo(project.userId) : null
	if (job.watermarkingEnabled && !logo)
		logger.warn({ projectId: project.id }, 'branding asked for but the logo is gone: images left unbranded')
	const disclosure = await projectDisclosure(project)

	for (const { variation } of kept) {
		if (done.has(variation.id)) continue
		const final = await finalImage(variation, imageDisclosure(disclosure, renderRef(variation)), logo)
		if (!final) {
			logger.error(
				{ projectId: project.id, variationId: variation.id },
				'kept image missing from storage: left out of the downloads',
			)
			continue
		}
		await db
			.insert(assets)
			.values({ variationId: variation.id, projectId: project.id, fileName: names.get(variation.id)!, ...final })
			.onConflictDoNothing()
		done.add(variation.id)
	}

	const removed = await deleteUnkept(project.id, keptIds)
	await db
		.update(completions)
		.set({ cleanupCompletedAt: new Date(), backupAssetCount: done.size, hasBackupAssets: done.size > 0 })
		.where(eq(completions.id, completion.id))
	logger.info({ projectId: project.id, kept: done.size, removed }, 'completed project cleaned up')
}

/**
 * Makes a completed project's final images again against the property's live originals page:
 * once the agent has issued a new address, every download from then on leads to it, not to the
 * replaced one (which answers 410). The completion's clean-up makes them first, so this waits for
 * it (a retry later); each image is written over in place, so a retry redoes only the rest.
 */
export async function relabelFinalImages({ projectId }: RelabelJob) {
	const [completion] = await db.select().from(completions).where(eq(completions.projectId, projectId))
	if (!completion) return
	if (!completion.cleanupCompletedAt) throw new Error('final images still being made: relabelled on a retry')
	const [project] = await db.select().from(projects).where(eq(projects.id, projectId))
	if (!project) return
	const rows = await db
		.select({ asset: assets, variation: variations })
		.from(assets)
		.innerJoin(variations, eq(variations.id, assets.variationId))
		.where(eq(assets.projectId, projectId))
	const logo = rows.some(({ asset }) => asset.watermarked) ? await readLogo(project.userId) : null
	const disclosure = await projectDisclosure(project)
	for (const { asset, variation } of rows) {
		const final = await finalImage(
			variation,
			imageDisclosure(disclosure, renderRef(variation)),
			asset.watermarked ? logo : null,
		)
		if (!final) continue
		await db
			.update(assets)
			.set({ storageKey: final.storageKey, fileSize: final.fileSize })
			.where(eq(assets.variationId, asset.variationId))
	}
	logger.info({ projectId, images: rows.length }, 'final images relabelled with the new originals address')
}

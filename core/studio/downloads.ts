import type { Readable } from 'node:stream'
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm'
import { propertyStudioDownloadAssets as assets } from '#db/schema/downloads.ts'
import {
	propertySessionCompletions as completions,
	propertyStudioProjects as projects,
	propertyStudioRooms as rooms,
	propertyStudioVariations as variations,
	type PropertyStudioProject,
} from '#db/schema/studio.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { agentBrandFor } from '#core/accounts/agent-profile.ts'
import { recordUsageEvent, USAGE_EVENTS } from '#core/billing/usage-events.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { isUuid } from '#core/ids.ts'
import { db } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'
import { storage } from '#core/platform/storage.ts'
import { parseInput } from '#core/validate.ts'
import { ownedProject } from './access.ts'
import { addressSlug } from './asset-names.ts'
import { BulkTokenSchema } from './downloads.schema.ts'
import { readShareToken } from './shared-links.ts'
import { type ImageSources, imageSources, projectView } from './views.ts'
import { zipStoredFiles } from './zip-stream.ts'
import { isPreviewProvider } from '#core/render/provider.ts'

export const NOT_YOUR_IMAGES = 'These images are not part of this project'
export const INVALID_TOKEN = 'Invalid download token'

/** The final images exist once the completion's clean-up has run; until then the list would be wrong. */
export class AssetsPreparingError extends Error {
	name = 'AssetsPreparingError'
	constructor() {
		super('Your images are still being prepared: try again in a moment')
	}
}

/** One final image as the downloads screen and API show it (spec 02 §3). */
export type DownloadAsset = {
	id: string
	filename: string
	downloadUrl: string
	roomName: string
	roomType: string
	style: string
	fileSize: number
	createdAt: string
	/** Made by the local preview renderer, so labelled 'Preview, not staged' wherever it is shown. */
	isPreview: boolean
	/** The image as staged, before its marks, to show it. */
	image: ImageSources
}

const assetColumns = {
	asset: assets,
	style: variations.style,
	provider: variations.provider,
	imageWidth: variations.imageWidth,
	imageHeight: variations.imageHeight,
	roomName: rooms.roomName,
	roomType: rooms.roomType,
}

/** The project's final images in gallery order (room, style, generation, position). */
function assetQuery(projectId: string, ids?: readonly string[]) {
	return db
		.select(assetColumns)
		.from(assets)
		.innerJoin(variations, eq(variations.id, assets.variationId))
		.innerJoin(rooms, eq(rooms.id, variations.roomId))
		.where(and(eq(assets.projectId, projectId), ids ? inArray(assets.variationId, [...ids]) : undefined))
		.orderBy(
			asc(rooms.sortOrder),
			asc(variations.style),
			asc(variations.generationNumber),
			asc(variations.variationIndex),
		)
}

type AssetRow = Awaited<ReturnType<typeof assetQuery>>[number]

function assetView({ asset, style, provider, roomName, roomType, ...size }: AssetRow): DownloadAsset {
	return {
		id: asset.variationId,
		filename: asset.fileName,
		downloadUrl: `/api/property-studio/download/${asset.variationId}`,
		roomName: roomName?.trim() || roomType,
		roomType,
		style,
		fileSize: asset.fileSize,
		createdAt: asset.createdAt.toISOString(),
		isPreview: isPreviewProvider(provider),
		image: imageSources(`/files/variations/${asset.variationId}`, 'full', size),
	}
}

async function isPreparing(project: PropertyStudioProject) {
	if (project.status !== 'completed') return false
	const [completion] = await db
		.select({ cleanedAt: completions.cleanupCompletedAt })
		.from(completions)
		.where(eq(completions.projectId, project.id))
	return !completion?.cleanedAt
}

export const NOT_COMPLETED = 'This project has no final images yet: complete it first'

/** Final images can be fetched from a completed project whose clean-up has made them. */
export async function assertFinalImagesReady(project: PropertyStudioProject) {
	if (project.status !== 'completed') throw new InputError({ projectId: [NOT_COMPLETED] }, NOT_COMPLETED)
	if (await isPreparing(project)) throw new AssetsPreparingError()
}

/**
 * The downloads screen's header: the project, how many rooms were processed and how many final
 * images it has. An open project has none yet (the screen offers the way back to it); a
 * just-completed one is `preparing` until the clean-up job has made them. The owning agency's
 * market says what its listing pack is for and which rules its originals page answers.
 */
export async function downloadsOverview(actor: Actor, projectId: string) {
	const project = await ownedProject(db, actor, projectId, { need: 'read' })
	const [preparing, [{ assetCount }], { market }] = await Promise.all([
		isPreparing(project),
		db.select({ assetCount: count() }).from(assets).where(eq(assets.projectId, project.id)),
		agentBrandFor(project.userId),
	])
	return { project: projectView(project), roomsProcessed: project.completedRooms, preparing, assetCount, market }
}

/** GET /api/property-studio/projects/{id}/downloads: the final images, none for an open project. */
export async function listDownloadAssets(actor: Actor, projectId: string): Promise<DownloadAsset[]> {
	const project = await ownedProject(db, actor, projectId, { need: 'read' })
	if (project.status !== 'completed') return []
	if (await isPreparing(project)) throw new AssetsPreparingError()
	return (await assetQuery(project.id)).map(assetView)
}

/** The first download of a completed project confirms it; every download is a usage event. */
export async function recordDownload(project: { id: string; userId: string }, eventData: Record<string, unknown>) {
	await db.transaction(async (tx) => {
		await recordUsageEvent(tx, {
			projectId: project.id,
			userId: project.userId,
			eventType: USAGE_EVENTS.finalDownload,
			eventData,
		})
		await tx
			.update(completions)
			.set({ downloadConfirmedAt: new Date() })
			.where(and(eq(completions.projectId, project.id), isNull(completions.downloadConfirmedAt)))
	})
}

async function openStored(key: string) {
	const object = await storage().get(key)
	if (!object) throw new NotFoundError('Image not found')
	return object
}

/** One final image of the actor's own, to download under its file name. */
export async function openAsset(actor: Actor, assetId: string) {
	requireUser(actor, 'read')
	if (!isUuid(assetId)) throw new NotFoundError('Image not found')
	const [row] = await db
		.select({ asset: assets, project: projects })
		.from(assets)
		.innerJoin(projects, eq(projects.id, assets.projectId))
		.where(eq(assets.variationId, assetId))
	if (!row) throw new NotFoundError('Image not found')
	await ownedProject(db, actor, row.project.id, { need: 'read' })
	const object = await openStored(row.asset.storageKey)
	await recordDownload(row.project, { kind: 'single', assetCount: 1 })
	return { fileName: row.asset.fileName, body: object.body, size: object.size }
}

/** A final image opened through a link from an e-mail: the signed token is the permission. */
export async function openSharedAsset(token: string) {
	const shared = readShareToken(token)
	if (!shared) throw new NotFoundError('This link has expired or is not valid')
	const [asset] = await db.select().from(assets).where(eq(assets.variationId, shared.assetId))
	if (!asset) throw new NotFoundError('This link has expired or is not valid')
	const object = await openStored(asset.storageKey)
	return { fileName: asset.fileName, body: object.body, size: object.size }
}

function parseToken(token: string | null) {
	let ids: unknown
	try {
		ids = JSON.parse(token ?? '')
	} catch {
		throw new InputError({ token: [INVALID_TOKEN] }, INVALID_TOKEN)
	}
	return [...new Set(parseInput(BulkTokenSchema, ids))]
}

/**
 * GET /api/property-studio/download/bulk: a streamed ZIP of the chosen final images. Every id in
 * the token must be a final image of this project, which must be the actor's: one stranger's id
 * refuses the whole download.
 */
export async function bulkDownload(
	actor: Actor,
	projectId: string | null,
	token: string | null,
): Promise<{ fileName: string; stream: Readable }> {
	requireUser(actor, 'read')
	const ids = parseToken(token)
	const project = await ownedProject(db, actor, projectId ?? '', { need: 'read' })
	await assertFinalImagesReady(project)
	const rows = await assetQuery(project.id, ids)
	if (rows.length !== ids.length) throw new ForbiddenError(NOT_YOUR_IMAGES)
	const stream = zipStoredFiles(
		rows.map(({ asset }) => ({ name: asset.fileName, key: asset.storageKey, date: asset.createdAt })),
	)
	// Counted once the whole ZIP has gone out, and off the path to its first byte.
	stream.once('end', () => {
		recordDownload(project, { kind: 'zip', assetCount: rows.length }).catch((error: unknown) =>
			logger.error({ err: error, projectId: project.id }, 'download not recorded'),
		)
	})
	return { fileName: `${addressSlug(project.propertyAddress)}-rendos.zip`, stream }
}

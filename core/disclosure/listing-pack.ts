import path from 'node:path'
import type { Readable } from 'node:stream'
import { eq, inArray } from 'drizzle-orm'
import { propertyStudioRooms as rooms, propertyStudioVariations as variations } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { agentBrandFor } from '#core/accounts/agent-profile.ts'
import { db } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'
import { storage } from '#core/platform/storage.ts'
import { contentsSentence } from '#core/staging/room-check/sentences.ts'
import { ownedProject } from '#core/studio/access.ts'
import { type DownloadableImage, downloadableImages } from '#core/studio/download-files.ts'
import { AssetsPreparingError, recordDownload } from '#core/studio/downloads.ts'
import { type ZipEntry, zipStoredFiles } from '#core/studio/zip-stream.ts'
import { alterationOf } from './alteration.ts'
import type { MarketCode } from './markets.ts'
import { imageAnchor, liveOriginalsPage, originalsUrl } from './originals-address.ts'
import {
	listingPackName,
	MANIFEST_CSV,
	MANIFEST_JSON,
	type ManifestJsonRow,
	manifestCsv,
	manifestJson,
	originalNameFor,
	PACK_README,
	packReadme,
} from './pack-manifest.ts'

/**
 * Listing packs (issue 37): one ZIP to upload with a listing (to the portals or an MLS, as the
 * agency's market has it) with each image the project delivers, labelled as the agency chose,
 * beside the unaltered photo it was made from, a README naming the market's rules on altered
 * photos (./markets.ts), and a manifest that says of each image what was altered, by which provider
 * and model, when, and where its original is public. Some rules want the original beside the
 * altered image (CRMLS 11.5.2); the pack makes that one upload.
 */

/** Names not yet in the ZIP: a second of one name gets -2, -3 before its extension. */
function uniqueNames(reserved: readonly string[]) {
	const taken = new Set(reserved)
	return (name: string) => {
		const ext = path.extname(name)
		const stem = name.slice(0, name.length - ext.length)
		let candidate = name
		for (let n = 2; taken.has(candidate); n++) candidate = `${stem}-${n}${ext}`
		taken.add(candidate)
		return candidate
	}
}

/** What the manifest says of each image beyond its file: who made it, when, and from which photo. */
async function provenance(images: readonly DownloadableImage[]) {
	if (!images.length) return new Map()
	const rows = await db
		.select({
			id: variations.id,
			provider: variations.provider,
			model: variations.model,
			createdAt: variations.createdAt,
			originalKey: rooms.originalImageUrl,
			editScope: variations.editScope,
		})
		.from(variations)
		.innerJoin(rooms, eq(rooms.id, variations.roomId))
		.where(
			inArray(
				variations.id,
				images.map((i) => i.id),
			),
		)
	return new Map(rows.map((row) => [row.id, row]))
}

type Provenance = Awaited<ReturnType<typeof provenance>> extends Map<string, infer R> ? R : never

/**
 * The pack's entries, made one at a time as the ZIP asks for them: an image and its original, then
 * the next; the manifest last, once it is known which images storage still has. An image whose
 * bytes or original storage has lost is left out whole (logged), never as half a row.
 */
async function* packEntries(
	project: { id: string; propertyAddress: string },
	images: readonly DownloadableImage[],
	facts: Map<string, Provenance>,
	token: string,
	market: MarketCode,
): AsyncGenerator<ZipEntry> {
	yield {
		name: PACK_README,
		bytes: Buffer.from(packReadme({ property: project.propertyAddress, originalsPage: originalsUrl(token), market })),
	}
	const nameOf = uniqueNames([PACK_README, MANIFEST_CSV, MANIFEST_JSON])
	const rows: ManifestJsonRow[] = []
	for (const image of images) {
		const fact = facts.get(image.id)
		const bytes = fact && (await storage().exists(fact.originalKey)) ? await image.read() : null
		if (!fact || !bytes) {
			logger.warn(
				{ projectId: project.id, variationId: image.id },
				'listing pack: image or original missing from storage, left out',
			)
			continue
		}
		const file = nameOf(image.fileName)
		const original = nameOf(originalNameFor(file, fact.originalKey))
		yield { name: file, bytes, date: fact.createdAt }
		yield { name: original, key: fact.originalKey, date: fact.createdAt }
		const alteration = alterationOf(image.style, fact.editScope)
		rows.push({
			file,
			original,
			alteration: alteration.words,
			altered: alteration.altered,
			contents: contentsSentence(image.contents),
			provider: fact.provider,
			model: fact.model,
			date: fact.createdAt.toISOString(),
			originals_address: originalsUrl(token, imageAnchor(image.id)),
			added: image.contents?.added ?? null,
			removed: image.contents?.removed ?? null,
		})
	}
	yield { name: MANIFEST_CSV, bytes: Buffer.from(manifestCsv(rows)) }
	const manifest = { property: project.propertyAddress, originalsPage: originalsUrl(token), images: rows }
	yield { name: MANIFEST_JSON, bytes: Buffer.from(manifestJson(manifest)) }
}

/**
 * The listing pack of a project the actor may read: what `rendo download` would save (the final
 * images of a completed project, else its finished favourites), each with its original, the README
 * in the owning agency's market's words, and the manifest, streamed as a ZIP. Asking for it makes the property's originals page if it had none,
 * since the manifest points there. A pack of a completed project counts as a download of it.
 */
export async function listingPack(actor: Actor, projectId: string): Promise<{ fileName: string; stream: Readable }> {
	const { project, images, preparing } = await downloadableImages(actor, projectId)
	if (preparing) throw new AssetsPreparingError()
	// The owner's market, not the asker's: the operator fetching an agency's pack gets the agency's rules.
	const owned = await ownedProject(db, actor, project.id, { need: 'read' })
	const [facts, page, brand] = await Promise.all([
		provenance(images),
		liveOriginalsPage(project.id),
		agentBrandFor(owned.userId),
	])
	const stream = zipStoredFiles(packEntries(project, images, facts, page.token, brand.market))
	if (project.status === 'completed')
		// Counted once the whole ZIP has gone out, as the other downloads are, against the owner.
		stream.once('end', () => {
			recordDownload(owned, { kind: 'pack', assetCount: images.length }).catch((error: unknown) =>
				logger.error({ err: error, projectId: project.id }, 'download not recorded'),
			)
		})
	return { fileName: listingPackName(project.propertyAddress), stream }
}

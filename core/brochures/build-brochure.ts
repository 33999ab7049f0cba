import { asc, eq } from 'drizzle-orm'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { clientPreferences, properties, rendoProjects } from '#db/schema/properties.ts'
import { transformations } from '#db/schema/transformations.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { createLimiter } from '#core/platform/limiter.ts'
import { storage } from '#core/platform/storage.ts'
import { madeByPreview } from '#core/staging/made-by-preview.ts'
import { brochureBrand } from './brand.ts'
import { roomNames, settingLabel } from './labels.ts'
import { styleLabel } from '#core/studio/labels.ts'
import type { BrochureContent, BrochureRoom } from './pdf/content.ts'
import { printImage } from './print-image.ts'
import { brochureSubjectKey } from './render-room.ts'
import { roomOriginals } from './room-originals.ts'
import { readStored } from './room-photos.ts'

// A PDF holds every page's photos in memory while it is laid out: one at a time per process.
const onePdfAtATime = createLimiter(1)

export function brochurePdfKey(brochureId: string) {
	return `brochures/${brochureId}/brochure.pdf`
}

function slug(text: string) {
	return (
		text
			.normalize('NFKD')
			// Accents come apart from their letters under NFKD: drop them, keep the letter ('é' → 'e').
			.replace(/[\u0300-\u036f]/g, '')
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '')
			.slice(0, 50)
			.replace(/-+$/, '')
	)
}

/** e.g. 'brochure-12-oak-street-bristol-jane-buyer.pdf': what the buyer's download is called. */
export function brochureFileName(address: string, buyerName: string) {
	return `${['brochure', slug(address), slug(buyerName)].filter(Boolean).join('-')}.pdf`
}

/** Renders the content to a PDF and stores it under the brochure's key. */
export async function storeBrochurePdf(brochureId: string, content: BrochureContent) {
	// Loaded on first use: react-pdf and its fonts are about 40 MB of a process that only serves pages.
	const { renderBrochurePdf } = await import('./pdf/brochure-document.tsx')
	const pdf = await onePdfAtATime(() => renderBrochurePdf(content))
	const key = brochurePdfKey(brochureId)
	await storage().put(key, pdf, { contentType: 'application/pdf' })
	return { key, size: pdf.length }
}

async function brochureToBuild(brochureId: string) {
	const [row] = await db
		.select({
			brochure: propertyBrochures,
			property: properties,
			project: rendoProjects,
			preference: clientPreferences,
		})
		.from(propertyBrochures)
		.innerJoin(properties, eq(properties.id, propertyBrochures.propertyId))
		.leftJoin(rendoProjects, eq(rendoProjects.transformationId, propertyBrochures.transformationId))
		.leftJoin(clientPreferences, eq(clientPreferences.tourId, rendoProjects.tourId))
		.where(eq(propertyBrochures.id, brochureId))
	return row ?? null
}

async function markFailed(transformationId: string | null, message: string) {
	if (!transformationId) return
	await db.transaction(async (tx) => {
		await tx.update(rendoProjects).set({ status: 'failed' }).where(eq(rendoProjects.transformationId, transformationId))
		await tx
			.update(transformations)
			.set({ status: 'failed', statusMessage: message })
			.where(eq(transformations.id, transformationId))
	})
}

function readyNotice(to: string, brochure: { address: string; buyerName: string; fileName: string }) {
	const appUrl = config().appUrl
	return {
		to,
		subject: `Brochure ready: ${brochure.address}`,
		text: [
			`The brochure for ${brochure.buyerName} (${brochure.address}) is ready: ${brochure.fileName}.`,
			'',
			`Preview it and send it to your buyer from your brochure dashboard: ${appUrl}/brochures`,
		].join('\n'),
	}
}

/**
 * The brochure_pdf job: the cover, a page per staged room (its original beside it, and a QR code to
 * the room on the brochure's web page) and the closing
 * page, in the agent's current brand, stored and recorded (file name, generatedAt). Building again
 * (a retry, a regenerate) replaces the file under the same key. The agent's address from the
 * form hears once, when the brochure is first ready.
 */
export async function buildBrochure(brochureId: string, attempt: { attempts: number; maxAttempts: number }) {
	try {
		await build(brochureId)
	} catch (error) {
		// The last try marks the work failed, so the dashboard offers Try Again instead of waiting forever.
		if (attempt.attempts < attempt.maxAttempts) throw error
		const [row] = await db
			.select({ transformationId: propertyBrochures.transformationId })
			.from(propertyBrochures)
			.where(eq(propertyBrochures.id, brochureId))
		await markFailed(row?.transformationId ?? null, error instanceof Error ? error.message : String(error))
	}
}

async function build(brochureId: string) {
	const row = await brochureToBuild(brochureId)
	if (!row) return
	const { brochure, property, preference } = row
	const rooms = (
		await db
			.select()
			.from(roomImages)
			.where(eq(roomImages.brochureId, brochure.uniqueToken))
			.orderBy(asc(roomImages.sortOrder))
	).filter((room) => room.stagedImageUrl)
	if (!rooms.length) return markFailed(brochure.transformationId, 'No room could be staged')

	const brand = await brochureBrand(property.userId!)
	const style = styleLabel(brochure.stylePreference ?? 'standard')
	const names = roomNames(rooms.map((room) => room.roomType ?? 'living'))
	const previews = await madeByPreview(rooms.map((room) => brochureSubjectKey(room.id)))
	const pages: BrochureRoom[] = []
	// One room's photos at a time: a ten-room brochure never holds every full-size photo at once.
	for (const [index, room] of rooms.entries()) {
		const [before, after] = await Promise.all([readStored(room.originalImageUrl), readStored(room.stagedImageUrl)])
		if (!before || !after) continue
		pages.push({
			name: names[index],
			style: brochure.stylePreference ?? 'standard',
			styleLabel: style,
			before: await printImage(before),
			after: await printImage(after),
			isPreview: previews.has(brochureSubjectKey(room.id)),
			originals: await roomOriginals(brochure.uniqueToken, room.id),
		})
	}
	if (!pages.length) return markFailed(brochure.transformationId, 'The room photos are missing')

	const buyerName = brochure.buyerName ?? property.clientName ?? 'our buyer'
	const content: BrochureContent = {
		brand,
		address: property.address,
		buyerName,
		styleLabel: style,
		preparedOn: new Date(),
		rooms: pages,
		settings:
			preference?.qualityLevel && preference.lightingPreference
				? { quality: settingLabel(preference.qualityLevel), lighting: settingLabel(preference.lightingPreference) }
				: null,
		notes: preference?.specificRequests,
	}
	const { key } = await storeBrochurePdf(brochure.id, content)
	const fileName = brochureFileName(property.address, buyerName)
	const now = new Date()
	await db.transaction(async (tx) => {
		await tx
			.update(propertyBrochures)
			.set({ brochureUrl: key, fileName, generatedAt: now, agentId: brand.agentId ?? brochure.agentId })
			.where(eq(propertyBrochures.id, brochure.id))
		if (brochure.transformationId) {
			await tx
				.update(rendoProjects)
				.set({ status: 'completed', completedAt: now })
				.where(eq(rendoProjects.transformationId, brochure.transformationId))
			await tx
				.update(transformations)
				.set({ status: 'completed', statusMessage: null, afterImageUrl: rooms[0].stagedImageUrl, completedAt: now })
				.where(eq(transformations.id, brochure.transformationId))
		}
		if (!brochure.generatedAt && preference?.agentEmail)
			await addJob(
				tx,
				'send_mail',
				readyNotice(preference.agentEmail, { address: property.address, buyerName, fileName }),
				{
					jobKey: `brochure-ready:${brochure.id}`,
				},
			)
	})
}

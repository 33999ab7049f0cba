/**
 * The account logo (spec 02 §3, §5, §7): one per user, used to brand final images and, through
 * readLogo(), by anything else that shows the agent's mark (brochures, e-mails).
 *
 *   getLogo(actor)             → { hasLogo, logoUrl, logoUploadedAt }   (GET /api/user/logo)
 *   uploadLogo(actor, file)    → the same, after storing a new logo    (POST /api/user/upload-logo)
 *   logoKey(actor)             → the storage key of the actor's own logo (to serve it)
 *   readLogo(userId)           → the logo as PNG bytes, or null
 *   hasLogo(tx, userId)        → whether the user has one
 *   rasteriseLogo(bytes)       → any accepted logo as a PNG (InputError with the spec's titles)
 *
 * Every logo is stored as a PNG, whatever was uploaded: an SVG is drawn to pixels here, so no
 * script, event handler or external reference in it can ever reach a browser, an image or a PDF.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { users } from '#db/schema/accounts.ts'
import { InputError, NotFoundError } from '#core/errors.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'
import { sharp } from '#core/platform/sharp.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import { requireUser, type Actor } from './actor.ts'
import { LOGO_INVALID_TYPE, LOGO_MAX_BYTES, LOGO_TOO_LARGE } from './logo.schema.ts'

const FORMATS = new Set(['png', 'jpeg', 'svg'])
/** Larger than any image needs it: a watermark is a fraction of the photo, a brochure logo smaller still. */
const MAX_SIDE = 1200
const MAX_PIXELS = 40_000_000

export type LogoState = { hasLogo: boolean; logoUrl: string | null; logoUploadedAt: string | null }

function invalidType(): never {
	throw new InputError({ logo: [LOGO_INVALID_TYPE.description] }, LOGO_INVALID_TYPE.title)
}

/**
 * An SVG may declare entities (the "billion laughs" and external-entity tricks) or point at other
 * files; a logo needs neither, so such files are refused before librsvg parses them. Rendering
 * from a buffer also gives librsvg no base location to resolve relative references against.
 */
function assertPlainSvg(bytes: Buffer) {
	const text = bytes.toString('utf8')
	if (/<!ENTITY/i.test(text)) invalidType()
	for (const [, href] of text.matchAll(/\b(?:xlink:)?href\s*=\s*["']\s*([^"']*)["']/gi))
		if (!href.startsWith('#') && !/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(href)) invalidType()
}

/** A PNG of an uploaded logo (PNG, JPEG or SVG, judged by its bytes), at most 1200 px a side. */
export async function rasteriseLogo(bytes: Buffer): Promise<Buffer> {
	let meta: sharp.Metadata
	try {
		meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()
	} catch {
		invalidType()
	}
	if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) invalidType()
	if (meta.format === 'svg') assertPlainSvg(bytes)
	// An SVG has no pixels of its own: draw it at the density that makes its longest side MAX_SIDE.
	const density =
		meta.format === 'svg'
			? Math.min(2400, Math.max(72, (72 * MAX_SIDE) / Math.max(meta.width, meta.height)))
			: undefined
	try {
		return await sharp(bytes, { limitInputPixels: MAX_PIXELS, density })
			.rotate()
			.resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
			.png()
			.toBuffer()
	} catch {
		invalidType()
	}
}

function logoState(user: { logoUrl: string | null; logoUploadedAt: Date | null }): LogoState {
	if (!user.logoUrl) return { hasLogo: false, logoUrl: null, logoUploadedAt: null }
	const uploadedAt = user.logoUploadedAt ?? new Date(0)
	return {
		hasLogo: true,
		// The version makes a new logo a new URL, so a cached old one never stands in for it.
		logoUrl: `/api/user/logo/image?v=${uploadedAt.getTime()}`,
		logoUploadedAt: user.logoUploadedAt?.toISOString() ?? null,
	}
}

async function logoRow(tx: Tx, userId: string) {
	const [row] = await tx
		.select({ logoUrl: users.logoUrl, logoUploadedAt: users.logoUploadedAt })
		.from(users)
		.where(eq(users.id, userId))
	if (!row) throw new NotFoundError('User not found')
	return row
}

export async function getLogo(actor: Actor): Promise<LogoState> {
	return logoState(await logoRow(db, requireUser(actor, 'read').userId))
}

/**
 * Stores a new logo from a file the door streamed to local disk (with its own size cap), then
 * points the account at it and removes the previous one. A refused file leaves nothing behind.
 */
export async function uploadLogo(actor: Actor, file: { path: string }): Promise<LogoState> {
	const { userId } = requireUser(actor)
	const { size } = await fs.stat(file.path)
	if (size >= LOGO_MAX_BYTES) throw new InputError({ logo: [LOGO_TOO_LARGE.description] }, LOGO_TOO_LARGE.title)
	const png = await rasteriseLogo(await fs.readFile(file.path))
	const key = `logos/${userId}/logo-${randomUUID().slice(0, 8)}.png`
	await storage().put(key, png, { contentType: 'image/png' })
	let previous: string | null
	let updated: LogoState
	try {
		;({ previous, updated } = await db.transaction(async (tx) => {
			const [row] = await tx.select({ logoUrl: users.logoUrl }).from(users).where(eq(users.id, userId)).for('update')
			if (!row) throw new NotFoundError('User not found')
			const [user] = await tx
				.update(users)
				.set({ logoUrl: key, logoUploadedAt: new Date() })
				.where(eq(users.id, userId))
				.returning({ logoUrl: users.logoUrl, logoUploadedAt: users.logoUploadedAt })
			return { previous: row.logoUrl, updated: logoState(user) }
		}))
	} catch (error) {
		await storage().delete(key)
		throw error
	}
	if (previous)
		await storage()
			.delete(previous)
			.catch((error: unknown) => logger.warn({ err: error, key: previous }, 'old logo not removed'))
	return updated
}

/** The storage key of the actor's own logo; NotFound when there is none. */
export async function logoKey(actor: Actor): Promise<string> {
	const { logoUrl } = await logoRow(db, requireUser(actor, 'read').userId)
	if (!logoUrl) throw new NotFoundError('No logo uploaded')
	return logoUrl
}

export async function hasLogo(tx: Tx, userId: string) {
	return !!(await logoRow(tx, userId)).logoUrl
}

/** The user's logo as PNG bytes, or null when there is none (or its file went missing). */
export async function readLogo(userId: string): Promise<Buffer | null> {
	const { logoUrl } = await logoRow(db, userId)
	return logoUrl ? readBytes(logoUrl) : null
}

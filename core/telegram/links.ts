import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, ne, or } from 'drizzle-orm'
import { users } from '#db/schema/accounts.ts'
import { telegramIntakes, telegramLinkCodes, telegramLinks, type TelegramLink } from '#db/schema/telegram.ts'
import { requireUser, userActor, type Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { ownedProject } from '#core/studio/access.ts'

/** Long enough to type from a screen, short enough that a leaked screenshot soon stops working. */
export const LINK_CODE_TTL_MS = 10 * 60_000

export const LINK_CODE_UNKNOWN = 'This link code is not valid. Create a new one on your Rendo dashboard.'
export const LINK_CODE_USED = 'This link code has already been used. Create a new one on your Rendo dashboard.'
export const LINK_CODE_EXPIRED = 'This link code has expired. Create a new one on your Rendo dashboard.'

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')

export interface TelegramUser {
	id: number
	username?: string
}

/**
 * A one-time code for `/start <code>`: 128 random bits in Telegram's start-parameter alphabet
 * (base64url). A new code replaces the user's unused ones, so only the latest link works.
 */
export async function createLinkCode(actor: Actor) {
	const { userId } = requireUser(actor)
	const code = randomBytes(16).toString('base64url')
	const expiresAt = new Date(Date.now() + LINK_CODE_TTL_MS)
	await db.transaction(async (tx) => {
		await tx
			.delete(telegramLinkCodes)
			.where(and(eq(telegramLinkCodes.userId, userId), isNull(telegramLinkCodes.usedAt)))
		await tx.insert(telegramLinkCodes).values({ userId, codeHash: hashCode(code), expiresAt })
	})
	return { code, expiresAt: expiresAt.toISOString() }
}

/** An open photo batch belongs to the account that started it: it ends when the link changes. */
async function dropOpenIntakes(tx: Tx, telegramUserId: number) {
	await tx
		.delete(telegramIntakes)
		.where(and(eq(telegramIntakes.telegramUserId, telegramUserId), ne(telegramIntakes.step, 'submitted')))
}

/**
 * Links the Telegram user to the account that made the code. The code row is locked, so two
 * `/start`s with one code cannot both succeed; a Telegram account or user linked before is
 * re-linked, never linked twice.
 */
export async function linkTelegram(code: string, telegramUser: TelegramUser) {
	return db.transaction(async (tx) => {
		const [row] = await tx
			.select()
			.from(telegramLinkCodes)
			.where(eq(telegramLinkCodes.codeHash, hashCode(code)))
			.for('update')
		if (!row) throw new InputError({ code: [LINK_CODE_UNKNOWN] })
		if (row.usedAt) throw new InputError({ code: [LINK_CODE_USED] })
		if (row.expiresAt.getTime() <= Date.now()) throw new InputError({ code: [LINK_CODE_EXPIRED] })
		await tx.update(telegramLinkCodes).set({ usedAt: new Date() }).where(eq(telegramLinkCodes.id, row.id))
		await dropOpenIntakes(tx, telegramUser.id)
		await tx
			.delete(telegramLinks)
			.where(or(eq(telegramLinks.telegramUserId, telegramUser.id), eq(telegramLinks.userId, row.userId)))
		await tx.insert(telegramLinks).values({
			userId: row.userId,
			telegramUserId: telegramUser.id,
			telegramUsername: telegramUser.username ?? null,
		})
		const [user] = await tx.select().from(users).where(eq(users.id, row.userId))
		return { firstName: user.firstName, email: user.email }
	})
}

/** `/unlink` from Telegram: true when there was a link to remove. */
export async function unlinkTelegram(telegramUserId: number) {
	return db.transaction(async (tx) => {
		await dropOpenIntakes(tx, telegramUserId)
		const removed = await tx.delete(telegramLinks).where(eq(telegramLinks.telegramUserId, telegramUserId)).returning()
		return removed.length > 0
	})
}

/** The web's view of the signed-in user's link. */
export async function telegramLinkOf(actor: Actor) {
	const { userId } = requireUser(actor, 'read')
	const [link] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId))
	return link ? { telegramUsername: link.telegramUsername, linkedAt: link.createdAt.toISOString() } : null
}

/** Removing the link from the web. */
export async function removeTelegramLink(actor: Actor) {
	const link = await db.transaction(async (tx) => {
		const [removed] = await tx
			.delete(telegramLinks)
			.where(eq(telegramLinks.userId, requireUser(actor).userId))
			.returning()
		if (removed) await dropOpenIntakes(tx, removed.telegramUserId)
		return removed
	})
	return { removed: !!link }
}

export interface LinkedUser {
	actor: Extract<Actor, { kind: 'user' }>
	link: TelegramLink
}

/** Who a Telegram user acts as: the linked account's own actor, or null when not linked. */
export async function findLinkedUser(telegramUserId: number): Promise<LinkedUser | null> {
	const [row] = await db
		.select({ link: telegramLinks, user: users })
		.from(telegramLinks)
		.innerJoin(users, eq(users.id, telegramLinks.userId))
		.where(eq(telegramLinks.telegramUserId, telegramUserId))
	if (!row) return null
	return { actor: requireUser(userActor(row.user, config().ceoEmail)), link: row.link }
}

/** The project `/status` and `/favorites` talk about from now on; only one of the user's own. */
export async function setCurrentProject(actor: Actor, projectId: string) {
	const project = await ownedProject(db, actor, projectId)
	await db.update(telegramLinks).set({ currentProjectId: project.id }).where(eq(telegramLinks.userId, project.userId))
	return project
}

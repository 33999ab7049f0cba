import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { originalsPages } from '#db/schema/disclosure.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { config } from '#core/platform/config.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { ownedProject } from '#core/studio/access.ts'

/** The job that makes a completed project's final images again once its address is replaced (core/studio/cleanup.ts). */
export const RELABEL_TASK = 'relabel_final_images'
export const RelabelJobSchema = z.object({ projectId: z.string().uuid() })
export type RelabelJob = z.infer<typeof RelabelJobSchema>

/** A page's address: 128 random bits in base64url, 22 characters, short enough for a label. */
export const newOriginalsToken = () => randomBytes(16).toString('base64url')

/** Anything else in the URL is unknown, answered like any other unknown token. */
export const isOriginalsToken = (value: string) => /^[A-Za-z0-9_-]{22}$/.test(value)

/** The anchor of one altered image on its property's originals page. */
export const imageAnchor = (variationId: string) => `v-${variationId}`

/** The page's public URL, or one of its images' when an anchor is given. */
export function originalsUrl(token: string, anchor?: string) {
	return `${config().appUrl}/o/${token}${anchor ? `#${anchor}` : ''}`
}

/** The address as printed under the label: no scheme, so it reads as something to type. */
export const shortOriginalsAddress = (token: string) => originalsUrl(token).replace(/^https?:\/\//, '')

/**
 * The property's live originals page, made on first need: the first image that leaves Rendo
 * labelled, the first pack, the agent opening the downloads page. Two first needs racing make one
 * page (the partial unique index), and both get its token.
 */
export async function liveOriginalsPage(projectId: string, tx: Tx = db) {
	await tx
		.insert(originalsPages)
		.values({ token: newOriginalsToken(), projectId })
		.onConflictDoNothing({ target: originalsPages.projectId, where: isNull(originalsPages.retiredAt) })
	const [page] = await tx
		.select()
		.from(originalsPages)
		.where(and(eq(originalsPages.projectId, projectId), isNull(originalsPages.retiredAt)))
	return page
}

/** The agent's view of the property's page. */
export async function originalsPageFor(actor: Actor, projectId: string) {
	await ownedProject(db, actor, projectId, { need: 'read' })
	const page = await liveOriginalsPage(projectId)
	return { token: page.token, enabled: page.enabled, url: originalsUrl(page.token) }
}

/** The agent switches the page off (it answers 404 until switched on) or on again. */
export async function setOriginalsPageEnabled(actor: Actor, projectId: string, enabled: boolean) {
	return db.transaction(async (tx) => {
		await ownedProject(tx, actor, projectId, { forUpdate: true })
		const page = await liveOriginalsPage(projectId, tx)
		await tx.update(originalsPages).set({ enabled }).where(eq(originalsPages.token, page.token))
		return { token: page.token, enabled, url: originalsUrl(page.token) }
	})
}

/**
 * A new address for the page: the old one answers 410 from now on, and images labelled from now
 * on carry the new one; a completed project's final images are made again with it (a job, queued
 * with the new address). Whether the page was on carries over.
 */
export async function issueNewOriginalsAddress(actor: Actor, projectId: string) {
	return db.transaction(async (tx) => {
		const project = await ownedProject(tx, actor, projectId, { forUpdate: true })
		if (project.status === 'completed')
			await addJob(tx, RELABEL_TASK, { projectId }, { jobKey: `relabel:${projectId}`, maxAttempts: 10 })
		const old = await liveOriginalsPage(projectId, tx)
		await tx.update(originalsPages).set({ retiredAt: new Date() }).where(eq(originalsPages.token, old.token))
		const [page] = await tx
			.insert(originalsPages)
			.values({ token: newOriginalsToken(), projectId, enabled: old.enabled })
			.returning()
		return { token: page.token, enabled: page.enabled, url: originalsUrl(page.token) }
	})
}

export type OriginalsPageState =
	| { state: 'live'; projectId: string; token: string }
	| { state: 'off' | 'retired' | 'unknown' }

/** What a token opens: the live page, a page switched off, a retired address (410), or nothing. */
export async function resolveOriginalsToken(token: string): Promise<OriginalsPageState> {
	if (!isOriginalsToken(token)) return { state: 'unknown' }
	const [page] = await db.select().from(originalsPages).where(eq(originalsPages.token, token))
	if (!page) return { state: 'unknown' }
	if (page.retiredAt) return { state: 'retired' }
	if (!page.enabled) return { state: 'off' }
	return { state: 'live', projectId: page.projectId, token }
}

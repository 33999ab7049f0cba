import type { VariationScope } from '#core/edits/scope-words.ts'
import { and, eq, isNull } from 'drizzle-orm'
import { originalsPages, type OriginalsPage } from '#db/schema/disclosure.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { isPreviewProvider } from '#core/render/provider.ts'
import { getProject } from '#core/studio/projects.ts'
import { alterationOf } from './alteration.ts'
import { imageAnchor, liveOriginalsPage, originalsUrl } from './originals-address.ts'

/** What decides whether a variation's image leads to its original. */
export type LinkedImage = {
	id: string
	style: string
	status: string
	provider: string | null
	imageUrl: string | null
	/** An item removal or renovation, which the local preview makes for real. */
	editScope?: VariationScope | null
}

/**
 * Whether an image leads to its original: a delivered image a trained model altered (staged,
 * emptied, twilight, restaged views), the images whose label carries the QR code. The originals
 * page lists every delivered image, but not every one is linked: not an enhanced photo (colour
 * and exposure only, which listing rules exempt; it is labelled as before and its original is on
 * the page under the page's address), not the local preview (colour styling, never labelled as
 * staged; it is shown as 'Preview, not staged', though its item removals and wall repaints are
 * real edits and are linked), and no pending or failed render (no image).
 */
export const leadsToOriginal = (v: LinkedImage) =>
	v.status === 'completed' &&
	!!v.imageUrl &&
	(!isPreviewProvider(v.provider) || !!v.editScope) &&
	alterationOf(v.style, v.editScope).altered

/** Where the doors send anyone who wants to see what a property looked like before Rendo. */
export interface OriginalsLinks {
	/** The property's originals page; null while the agent has switched it off (it answers 404 then). */
	page: string | null
	/** The image's own place on the page, for an image that leads to its original; else null. */
	image(v: LinkedImage): string | null
}

/** No page to send anyone to: none made yet, or switched off. Also for answers about renders just queued. */
export const NO_ORIGINALS: OriginalsLinks = { page: null, image: () => null }

/** The links of a page as read, for callers that read it along with something else (the gallery). */
export function linksOf(page: Pick<OriginalsPage, 'token' | 'enabled'> | null | undefined): OriginalsLinks {
	if (!page?.enabled) return NO_ORIGINALS
	const { token } = page
	return {
		page: originalsUrl(token),
		image: (v) => (leadsToOriginal(v) ? originalsUrl(token, imageAnchor(v.id)) : null),
	}
}

/**
 * A property's originals links, for a caller that has checked the actor may see the project. One
 * read of the live page per answer, however many images it links (the page is made on first need).
 */
export async function originalsLinks(projectId: string, tx: Tx = db): Promise<OriginalsLinks> {
	const [page] = await tx
		.select({ token: originalsPages.token, enabled: originalsPages.enabled })
		.from(originalsPages)
		.where(and(eq(originalsPages.projectId, projectId), isNull(originalsPages.retiredAt)))
	return linksOf(page ?? (await liveOriginalsPage(projectId, tx)))
}

/** One project as the API answers it: with its originals page's address (null while switched off). */
export async function projectWithOriginals(actor: Actor, projectId: string) {
	const project = await getProject(actor, projectId)
	return { ...project, originalsPageUrl: (await originalsLinks(project.id)).page }
}

import type { PropertyStudioProject, PropertyStudioRoom, PropertyStudioVariation } from '#db/schema/studio.ts'
import { isPreviewProvider } from '#core/render/provider.ts'
import { renditionSizes, renditionWidth, THUMBNAIL_SIZE } from '#core/render/rendition-sizes.ts'
import type { OriginalsLinks } from '#core/disclosure/originals-links.ts'
import { isEditKind } from '#core/edits/edit.schema.ts'
import { contentsSentence } from '#core/staging/room-check/sentences.ts'
import type { RoomTypeBy } from './room-type-suggestion.ts'

/**
 * The JSON shapes of the studio API (spec 02 §3). Rows keep storage keys in their *Url columns;
 * views answer with app URLs that check who is asking before serving a byte.
 */
export function projectView(p: PropertyStudioProject) {
	return {
		id: p.id,
		propertyAddress: p.propertyAddress,
		clientName: p.clientName,
		clientEmail: p.clientEmail,
		status: p.status as 'active' | 'completed' | 'archived',
		totalRooms: p.totalRooms,
		completedRooms: p.completedRooms,
		createdAt: p.createdAt.toISOString(),
		completedAt: p.completedAt?.toISOString() ?? null,
	}
}
export type ProjectView = ReturnType<typeof projectView>

/**
 * A stored image as the screens load it: its own URL and size, and its smaller copies to choose
 * from by the width they show it at (srcset). An image stored before sizes were kept has a null
 * size and no copies listed, only its thumbnail.
 */
export interface ImageSources {
	src: string
	width: number | null
	height: number | null
	thumbnail: string
	/** smaller than the image, smallest first, each with its width in pixels */
	copies: Array<{ src: string; width: number }>
}

/** `base` is the image's folder of /files URLs, `main` the name of the image itself in it. */
export function imageSources(
	base: string,
	main: string,
	{ imageWidth: width, imageHeight: height }: { imageWidth: number | null; imageHeight: number | null },
): ImageSources {
	const thumbnail = `${base}/thumbnail`
	const size = width !== null && height !== null ? { width, height } : null
	const copies = size
		? renditionSizes(size).map((copy) => ({
				src: copy === THUMBNAIL_SIZE ? thumbnail : `${base}/${copy}`,
				width: renditionWidth(copy, size),
			}))
		: []
	return { src: `${base}/${main}`, width, height, thumbnail, copies }
}

/**
 * An image served at `path` with its smaller copies at `path/{longest side}`, as the buyers' pages
 * serve them under their own tokens. `size` is the picture's as shown; `own` the file's own
 * recorded size, which says it has copies (an image stored before copies has none).
 */
export function imageSourcesAt(
	path: string,
	size: { width: number; height: number } | null,
	own: { width: number; height: number } | null,
): ImageSources {
	const copies = own
		? renditionSizes(own).map((copy) => ({ src: `${path}/${copy}`, width: renditionWidth(copy, own) }))
		: []
	return {
		src: path,
		width: size?.width ?? null,
		height: size?.height ?? null,
		thumbnail: `${path}/${THUMBNAIL_SIZE}`,
		copies,
	}
}

export function roomView(r: PropertyStudioRoom) {
	return {
		id: r.id,
		projectId: r.projectId,
		roomType: r.roomType,
		/** who chose roomType: the agent, the photo (a suggestion to confirm), or nobody yet (a stand-in) */
		roomTypeBy: r.roomTypeBy as RoomTypeBy,
		roomName: r.roomName,
		originalImageUrl: `/files/rooms/${r.id}/original`,
		thumbnailUrl: `/files/rooms/${r.id}/thumbnail`,
		/** the photo with its size and smaller copies, for screens that fit it to the space they show it in */
		original: imageSources(`/files/rooms/${r.id}`, 'original', r),
		selectedStyles: r.selectedStyles,
		hasFurniture: r.hasFurniture,
		/** The first view of the room this photo is another view of, staged to match it. */
		sameRoomAs: r.sameRoomAs,
		status: r.status as 'pending' | 'processing' | 'completed' | 'failed',
		createdAt: r.createdAt.toISOString(),
		completedAt: r.completedAt?.toISOString() ?? null,
	}
}
export type RoomView = ReturnType<typeof roomView>

/** `originals`: the project's originals links, read once for the whole answer (core/disclosure). */
export function variationView(
	v: PropertyStudioVariation,
	room: Pick<PropertyStudioRoom, 'roomName' | 'roomType'>,
	originals: OriginalsLinks,
) {
	const ready = v.status === 'completed'
	return {
		id: v.id,
		roomId: v.roomId,
		style: v.style,
		status: v.status as 'pending' | 'completed' | 'failed',
		errorMessage: v.errorMessage,
		imageUrl: ready ? `/files/variations/${v.id}/full` : null,
		thumbnailUrl: ready ? `/files/variations/${v.id}/thumbnail` : null,
		/** the image with its size and smaller copies; null until the render is done */
		image: ready ? imageSources(`/files/variations/${v.id}`, 'full', v) : null,
		isFavorite: v.isFavorite,
		/** The local preview's colour grading: its removals and repaints are real edits, disclosed as such (disclosed-image.ts renderRef). */
		isPreview: isPreviewProvider(v.provider) && !v.editScope,
		generationNumber: v.generationNumber,
		variationIndex: v.variationIndex,
		renderId: v.renderId,
		roomName: room.roomName ?? room.roomType,
		roomCheck: roomCheckView(v),
		/** Why this view of a room was staged on its own rather than to match its first view. */
		stagingNote: v.stagingNote,
		/** The first view's variation this view was staged to match, null for a room of its own. */
		matchedTo: v.matchedTo,
		/** Where this image's original is on the property's originals page; null unless it is altered and delivered. */
		originalsUrl: originals.image(v),
		createdAt: v.createdAt.toISOString(),
	}
}

/** What the room check saw an image add to the room and take away; null when it did not look. */
export type RoomCheckContents = PropertyStudioVariation['roomCheckContents']

/**
 * The room check of a delivered image, as screens and the CLI show it: null when it was not
 * checked; `open` while a 'check' or 'unaligned' verdict waits for the agent's look.
 */
export function roomCheckView(v: PropertyStudioVariation) {
	if (!v.roomCheck) return null
	const verdict = v.roomCheck as 'ok' | 'check' | 'unaligned'
	return {
		verdict,
		note: v.roomCheckNote,
		regions: v.roomCheckRegions,
		answer: v.roomCheckAnswer as 'kept' | 'replaced' | null,
		open: verdict !== 'ok' && !v.roomCheckAnswer,
		/** What the check saw the image add to the room and take away, largest first; null when it did not look. */
		contents: v.roomCheckContents,
		/** The same in words: "Added: a sofa and two lamps. Removed: a bed"; null when nothing came or went. */
		contentsSentence: contentsSentence(v.roomCheckContents),
	}
}

/** What an open check tells the agent: the check's sentence, or that the image could not be matched; null when nothing waits. */
export function openCheckNote(check: ReturnType<typeof roomCheckView>) {
	if (!check?.open) return null
	return check.note ?? 'This image could not be matched to the photo: look at it before you use it'
}

/**
 * What a delivered image's caption says it changed: for an item removal or renovation whose answer
 * kept to its scope, the check's own sentence ("Removed: a lamp; nothing else changed"); for the
 * rest, what the room check saw it add and take away. Null when there is nothing to say (an edit
 * that went beyond its scope is flagged by openCheckNote instead).
 */
export function changeSentence(style: string, check: ReturnType<typeof roomCheckView>) {
	if (isEditKind(style)) return check?.verdict === 'ok' ? check.note : null
	return check?.contentsSentence ?? null
}

export type VariationView = ReturnType<typeof variationView>

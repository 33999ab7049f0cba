import { roomLabel } from '#core/studio/labels.ts'
import { addsFurniture } from '#core/studio/studio.schema.ts'
import type { RoomView, VariationView } from '#core/studio/views.ts'

/**
 * Views of one room (core/studio/room-views.ts) as the workflow shows them: each photo marked
 * "same room as" another comes right after that first view, captioned as its view 2, 3...
 * Browser-safe: the room step and the gallery order and caption with it.
 */

type Photo = Pick<RoomView, 'id' | 'sameRoomAs' | 'roomType' | 'roomName'>

export type ViewGroup<R extends Photo> = { first: R; views: R[] }

/**
 * The photos in their order, each first view followed by its views (in upload order). A view whose
 * first view is not among `photos` (already staged, say) stands on its own where it was.
 */
export function viewGroups<R extends Photo>(photos: readonly R[]): ViewGroup<R>[] {
	const listed = new Set(photos.map((p) => p.id))
	const views = new Map<string, R[]>()
	for (const photo of photos)
		if (photo.sameRoomAs && listed.has(photo.sameRoomAs))
			views.set(photo.sameRoomAs, [...(views.get(photo.sameRoomAs) ?? []), photo])
	return photos
		.filter((photo) => !photo.sameRoomAs || !listed.has(photo.sameRoomAs))
		.map((first) => ({ first, views: views.get(first.id) ?? [] }))
}

/** 'View 2 of Living Room': a view's place among the project's views of its first view (the first view is 1). */
export function viewCaption(view: Photo, allPhotos: readonly Photo[]) {
	const first = allPhotos.find((p) => p.id === view.sameRoomAs)
	if (!first) return null
	const views = allPhotos.filter((p) => p.sameRoomAs === first.id)
	return `View ${views.findIndex((p) => p.id === view.id) + 2} of ${roomLabel(first)}`
}

/**
 * The photos a photo may be marked as another view of: the project's other photos of its room
 * type that are first views themselves (core refuses chains). A photo with views of its own has none.
 */
export function firstViewChoices<R extends Photo>(photo: Photo, allPhotos: readonly R[]): R[] {
	if (allPhotos.some((p) => p.sameRoomAs === photo.id)) return []
	return allPhotos.filter((p) => p.id !== photo.id && p.roomType === photo.roomType && !p.sameRoomAs)
}

/** Where a refusal of one photo's "Same room as" choice sits in the action's reply, to show beside that photo. */
export function sameRoomErrorKey(roomId: string) {
	return `sameRoomAs:${roomId}`
}

/** The form each photo's choice posts (its fields may sit inside another form: they name this one). */
export function sameRoomFormId(roomId: string) {
	return `same-room-${roomId}`
}

type Image = Pick<VariationView, 'id' | 'roomId' | 'style' | 'status' | 'matchedTo'>

/**
 * The first view's images its other views can be restaged to match (core's restageViews): staged
 * images of a furnishing style that some view of the room has no variation matching yet, made or
 * on its way. A remodel of the first view is offered this way; an image already matched is not.
 */
export function restageOffers(first: Photo, allPhotos: readonly Photo[], images: readonly Image[]) {
	const views = allPhotos.filter((p) => p.sameRoomAs === first.id)
	const matched = (view: Photo, image: Image) =>
		images.some((v) => v.roomId === view.id && v.matchedTo === image.id && v.status !== 'failed')
	return new Set(
		images
			.filter((v) => v.roomId === first.id && v.status === 'completed' && addsFurniture(v.style))
			.filter((image) => views.some((view) => !matched(view, image)))
			.map((image) => image.id),
	)
}

import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'
import { PREVIEW_CANNOT_EDIT, PREVIEW_CANNOT_EMPTY } from '#core/render/local-preview.ts'
import { PHOTO_EDITS, PROVIDER_LABELS, type PhotoEdit, type StagingProvider } from '#core/render/provider.ts'
import { styleLabel } from './labels.ts'
import { EMPTY_ROOM, TWILIGHT, TWILIGHT_ROOM_TYPES } from './studio.schema.ts'

/**
 * What the configured provider makes beside the interior styles, and the one line each door shows
 * for a choice it does not make: the CLI over HTTPS asks the server for it (it cannot know the
 * server's provider), the bot and the local CLI read it here, so every door refuses in
 * the same words before anything is uploaded (process-room.ts's assertCanRender refuses with them).
 */
export interface RenderOptions {
	canEmptyRoom: boolean
	photoEdits: PhotoEdit[]
	/** Each choice this provider does not make (emptying, photo edits), with why. */
	unavailable: Record<string, string>
}

/** Why this provider makes no such photo: the one line every door shows before anything is uploaded. */
export function cannotEditMessage(provider: Pick<StagingProvider, 'isPreview' | 'name'>, edit: PhotoEdit) {
	if (provider.isPreview) return PREVIEW_CANNOT_EDIT
	return `${styleLabel(edit)} is not offered with ${PROVIDER_LABELS[provider.name] ?? provider.name} yet: choose a style`
}

export function renderOptionsOf(
	provider: Pick<StagingProvider, 'name' | 'isPreview' | 'canEmptyRoom' | 'photoEdits'> = stagingProvider(),
): RenderOptions {
	const unavailable: Record<string, string> = {}
	if (!provider.canEmptyRoom) unavailable[EMPTY_ROOM] = PREVIEW_CANNOT_EMPTY
	for (const edit of PHOTO_EDITS)
		if (!provider.photoEdits.includes(edit)) unavailable[edit] = cannotEditMessage(provider, edit)
	return { canEmptyRoom: provider.canEmptyRoom, photoEdits: [...provider.photoEdits], unavailable }
}

/** The render options of this server's provider, for any signed-in user (a read token is enough). */
export function renderOptions(actor: Actor): RenderOptions {
	requireUser(actor, 'read')
	return renderOptionsOf()
}

/**
 * Why these choices cannot be made (emptying first, then the first edit asked for); null when they
 * all can.
 */
export function unavailableReason(options: Pick<RenderOptions, 'unavailable'>, styles: readonly string[]) {
	if (styles.includes(EMPTY_ROOM) && options.unavailable[EMPTY_ROOM]) return options.unavailable[EMPTY_ROOM]
	const refused = styles.find((style) => style !== EMPTY_ROOM && options.unavailable[style])
	return refused ? options.unavailable[refused] : null
}

/** Twilight asked of a room that is not an outside: made, but TWILIGHT_INDOORS is said first. */
export const twilightIndoors = (styles: readonly string[], roomType: string) =>
	styles.includes(TWILIGHT) && !TWILIGHT_ROOM_TYPES.includes(roomType)
